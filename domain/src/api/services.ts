/**
 * Contract of the customer Services page (SPEC §7 Services): service locations and their packages, email
 * (getEmailObject, modEmailPass, modVacMsg, modForward) and fax (fax numbers, fax-to-email addresses add and remove,
 * received faxes and their PDF). The pure rules (address, password and vacation-date checks) are here too, so the
 * browser's forms and the server refuse the same things with the same words.
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar-days.js';
import { cleanLine, cleanText } from '../clean-text.js';
import { idParam } from './customer.js';

// ---- limits ---------------------------------------------------------------------------------------------------

export const MAILBOX_PASSWORD_MIN = 10;
export const MAILBOX_PASSWORD_MAX = 128;
export const VACATION_SUBJECT_MAX = 120;
export const VACATION_MESSAGE_MAX = 2000;
export const EMAIL_ADDRESS_MAX = 254;
/** Fax-to-email recipients per fax number. */
export const FAX_EMAIL_ADDRESSES_MAX = 5;

// ---- pure rules -----------------------------------------------------------------------------------------------

const EMAIL_MESSAGE = 'must be a valid email address, like name@example.com.';

/** Why `value` is not a usable email address (null when it is). `label` starts the sentence. */
export function emailAddressProblem(value: string, label = 'Email address'): string | null {
  const v = value.trim();
  if (v === '') return `${label} is required.`;
  if (v.length > EMAIL_ADDRESS_MAX) return `${label} must be at most ${EMAIL_ADDRESS_MAX} characters.`;
  return z.email().safeParse(v).success ? null : `${label} ${EMAIL_MESSAGE}`;
}

/** Addresses compare without case (mail systems treat them so) and without surrounding spaces. */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why a forwarding address cannot be used for `mailbox` (null when it can). */
export function forwardAddressProblem(forwardTo: string, mailbox: string): string | null {
  const problem = emailAddressProblem(forwardTo, 'Forward to');
  if (problem) return problem;
  return sameAddress(forwardTo, mailbox) ? 'Forward to must be another address than the mailbox itself.' : null;
}

/** Why `password` cannot be the new password of `mailbox` (null when it can). */
export function mailboxPasswordProblem(password: string, mailbox: string): string | null {
  if (password.length < MAILBOX_PASSWORD_MIN || password.length > MAILBOX_PASSWORD_MAX) {
    return `New password must be ${MAILBOX_PASSWORD_MIN} to ${MAILBOX_PASSWORD_MAX} characters.`;
  }
  if (password.trim() !== password) return 'New password cannot start or end with a space.';
  if (sameAddress(password, mailbox) || sameAddress(password, mailbox.split('@')[0] ?? '')) {
    return 'New password cannot be the mailbox address.';
  }
  return null;
}

/** The vacation reply's dates: each optional, and the last day not before the first. Null when they are fine. */
export function vacationDatesProblem(
  startDate: string | null,
  endDate: string | null,
): { field: 'startDate' | 'endDate'; message: string } | null {
  if (startDate !== null && !isCalendarDate(startDate)) {
    return { field: 'startDate', message: 'First day must be a date, like 2025-07-01.' };
  }
  if (endDate !== null && !isCalendarDate(endDate)) {
    return { field: 'endDate', message: 'Last day must be a date, like 2025-07-14.' };
  }
  if (startDate !== null && endDate !== null && endDate < startDate) {
    return { field: 'endDate', message: 'Last day must be on or after the first day.' };
  }
  return null;
}

// ---- service locations and packages ---------------------------------------------------------------------------

export const ServicePackageSchema = z.object({
  PackageID: z.number().int(),
  PackageName: z.string(),
  priceCents: z.number().int(),
  StartDate: z.string(),
  /** SPEC §3: '0' means inactive. */
  Active: z.enum(['0', '1']),
});
export type ServicePackage = z.infer<typeof ServicePackageSchema>;

export const ServiceLocationPackagesSchema = z.object({
  ServiceLocationID: z.number().int(),
  fullAddress: z.string(),
  Packages: z.array(ServicePackageSchema),
});
export type ServiceLocationPackages = z.infer<typeof ServiceLocationPackagesSchema>;
export const ServiceLocationPackagesListSchema = z.array(ServiceLocationPackagesSchema);

// ---- email ----------------------------------------------------------------------------------------------------

export const MailboxSchema = z.object({
  EmailAccountID: z.number().int(),
  address: z.string(),
  ownerName: z.string(),
  quotaMb: z.number().int(),
  usedMb: z.number().int(),
  forwardTo: z.string().nullable(),
  keepCopy: z.boolean(),
  vacation: z.object({
    enabled: z.boolean(),
    subject: z.string(),
    message: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
  }),
  updatedAt: z.string(),
});
export type Mailbox = z.infer<typeof MailboxSchema>;

/** getEmailObject: the account's mailboxes and where to read them. */
export const EmailObjectSchema = z.object({
  webmailUrl: z.string(),
  mailboxes: z.array(MailboxSchema),
});
export type EmailObject = z.infer<typeof EmailObjectSchema>;

export const MailboxParamsSchema = z.object({ mailboxId: idParam('Mailbox id') });

/** modEmailPass. The "not the address" rule needs the mailbox, so the server checks it with mailboxPasswordProblem. */
export const MailboxPasswordRequestSchema = z
  .object({
    password: z
      .string({ message: 'New password is required.' })
      .min(MAILBOX_PASSWORD_MIN, `New password must be ${MAILBOX_PASSWORD_MIN} to ${MAILBOX_PASSWORD_MAX} characters.`)
      .max(MAILBOX_PASSWORD_MAX, `New password must be ${MAILBOX_PASSWORD_MIN} to ${MAILBOX_PASSWORD_MAX} characters.`),
    confirm: z.string({ message: 'Confirm the new password.' }).max(MAILBOX_PASSWORD_MAX + 1, 'Passwords differ.'),
  })
  .superRefine((value, ctx) => {
    if (value.confirm !== value.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirm'],
        message: 'The two passwords differ. Type the same one twice.',
      });
    }
  });
export type MailboxPasswordRequest = z.input<typeof MailboxPasswordRequestSchema>;

/** modForward: an empty forwardTo turns forwarding off. */
export const MailboxForwardRequestSchema = z
  .object({
    forwardTo: z
      .string({ message: 'Forward to must be text.' })
      .trim()
      .max(EMAIL_ADDRESS_MAX, 'Forward to must be at most 254 characters.'),
    keepCopy: z.boolean({ message: 'Keep a copy must be true or false.' }),
  })
  .superRefine((value, ctx) => {
    if (value.forwardTo === '') return;
    const problem = emailAddressProblem(value.forwardTo, 'Forward to');
    if (problem) ctx.addIssue({ code: 'custom', path: ['forwardTo'], message: problem });
  })
  .transform((value) => ({
    forwardTo: value.forwardTo === '' ? null : value.forwardTo.toLowerCase(),
    keepCopy: value.forwardTo === '' ? false : value.keepCopy,
  }));
export type MailboxForwardRequest = z.input<typeof MailboxForwardRequestSchema>;

const optionalDate = (label: string, example: string) =>
  z
    .string({ message: `${label} must be a date, like ${example}.` })
    .trim()
    .refine((v) => v === '' || isCalendarDate(v), `${label} must be a date, like ${example}.`)
    .transform((v) => (v === '' ? null : v));

/** modVacMsg: the auto-reply on or off, with its text and optional dates. Subject and message are needed when on. */
export const MailboxVacationRequestSchema = z
  .object({
    enabled: z.boolean({ message: 'Auto-reply must be on or off.' }),
    subject: cleanLine({ message: 'Subject must be text.' })
      .trim()
      .max(VACATION_SUBJECT_MAX, `Subject must be at most ${VACATION_SUBJECT_MAX} characters.`),
    message: cleanText({ message: 'Message must be text.' })
      .trim()
      .max(VACATION_MESSAGE_MAX, `Message must be at most ${VACATION_MESSAGE_MAX} characters.`),
    startDate: optionalDate('First day', '2025-07-01'),
    endDate: optionalDate('Last day', '2025-07-14'),
  })
  .superRefine((value, ctx) => {
    if (value.enabled && value.subject === '') {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Subject is required when the auto-reply is on.' });
    }
    if (value.enabled && value.message === '') {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Message is required when the auto-reply is on.' });
    }
    const dates = vacationDatesProblem(value.startDate, value.endDate);
    if (dates) {
      ctx.addIssue({ code: 'custom', path: [dates.field], message: dates.message });
    }
  });
export type MailboxVacationRequest = z.input<typeof MailboxVacationRequestSchema>;

// ---- fax ------------------------------------------------------------------------------------------------------

export const FaxEmailAddressSchema = z.object({ FaxEmailID: z.number().int(), email: z.string() });
export type FaxEmailAddress = z.infer<typeof FaxEmailAddressSchema>;

export const ReceivedFaxSchema = z.object({
  FaxID: z.number().int(),
  fromNumber: z.string(),
  receivedAt: z.string(),
  pages: z.number().int(),
  sizeBytes: z.number().int(),
});
export type ReceivedFax = z.infer<typeof ReceivedFaxSchema>;

export const FaxNumberSchema = z.object({
  FaxNumberID: z.number().int(),
  /** 10 digits; the browser formats it. */
  number: z.string(),
  ServiceLocationID: z.number().int().nullable(),
  fullAddress: z.string().nullable(),
  emailAddresses: z.array(FaxEmailAddressSchema),
  received: z.array(ReceivedFaxSchema),
});
export type FaxNumber = z.infer<typeof FaxNumberSchema>;

export const FaxObjectSchema = z.object({
  /** How many recipients a fax number may have. */
  maxEmailAddresses: z.number().int(),
  faxNumbers: z.array(FaxNumberSchema),
});
export type FaxObject = z.infer<typeof FaxObjectSchema>;

export const FaxNumberParamsSchema = z.object({ faxNumberId: idParam('Fax number id') });
export const FaxEmailParamsSchema = z.object({
  faxNumberId: idParam('Fax number id'),
  faxEmailId: idParam('Fax email id'),
});
export const ReceivedFaxParamsSchema = z.object({ faxId: idParam('Fax id') });

/** Add a fax-to-email recipient. */
export const AddFaxEmailRequestSchema = z.object({
  email: z
    .string({ message: 'Email address is required.' })
    .trim()
    .superRefine((value, ctx) => {
      const problem = emailAddressProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => v.toLowerCase()),
});
export type AddFaxEmailRequest = z.input<typeof AddFaxEmailRequestSchema>;

// ---- which services the account has (issue 28: the Services page shows only those) --------------------------

export const ServicesSummarySchema = z.object({
  email: z.boolean(),
  fax: z.boolean(),
  tv: z.boolean(),
});
export type ServicesSummary = z.infer<typeof ServicesSummarySchema>;
