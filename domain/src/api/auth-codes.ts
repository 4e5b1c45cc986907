/**
 * Auth codes (SPEC §1 Staff, §7 "auth codes (get, pending, edit, search, add)"; issue 13 part 4): the forced
 * authorization codes that let a business phone customer's users place toll and international calls. Staff of the
 * network role add them for a business account; the server makes the code, shows it in full once, and masks it
 * everywhere after (SPEC §5, `maskSensitive`). A code stays pending until the phone switch confirms it.
 *
 * The pure rules live here (code shape, weak codes, masking, which state changes are allowed, the push back-off),
 * so the browser, the server and the tests share them.
 */
import { z } from 'zod';
import { cleanLine } from '../clean-text.js';
import { maskSensitive } from '../format.js';
import { idParam } from './customer.js';

// ---- the code ---------------------------------------------------------------------------------------------------

/** Digits of an auth code: 7, as most switches' forced-authorization tables take (10 million codes). */
export const AUTH_CODE_LENGTH = 7;

/**
 * Whether a code is too easy to guess to hand out: one digit repeated (1111111), a run up or down (1234567,
 * 7654321), or a leading zero (some handsets drop it). The generator draws again for such codes.
 */
export function isWeakAuthCode(code: string): boolean {
  if (!new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`).test(code)) return true;
  if (code.startsWith('0')) return true;
  const digits = Array.from(code, Number);
  const steps = digits.slice(1).map((d, i) => d - (digits[i] ?? 0));
  if (steps.every((s) => s === 0)) return true;
  if (steps.every((s) => s === 1) || steps.every((s) => s === -1)) return true;
  return false;
}

/**
 * Draws a code from `randomDigit` (the server passes a CSPRNG: crypto.randomInt(10)) until one is not weak.
 * Uniqueness across the provider is the database's unique index; the caller draws again on a clash.
 */
export function generateAuthCode(randomDigit: () => number): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < AUTH_CODE_LENGTH; i += 1) code += String(randomDigit() % 10);
    if (!isWeakAuthCode(code)) return code;
  }
}

/** The code as every screen after the first shows it (SPEC §5: all but the last character hidden). */
export function maskAuthCode(code: string): string {
  return maskSensitive(code);
}

// ---- states -----------------------------------------------------------------------------------------------------

/** pending: waiting for the switch; active / suspended: as the switch has it; failed: the switch refused it or never
 * answered (the reason is kept); removing: removed here, the switch not yet told. */
export const AUTH_CODE_STATUSES = ['pending', 'active', 'suspended', 'failed', 'removing'] as const;
export const AuthCodeStatusSchema = z.enum(AUTH_CODE_STATUSES);
export type AuthCodeStatus = z.infer<typeof AuthCodeStatusSchema>;

export const AUTH_CODE_STATUS_LABELS: Record<AuthCodeStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  suspended: 'Suspended',
  failed: 'Failed',
  removing: 'Removing',
};

/** The classes of service a code unlocks (each includes local calls). */
export const CLASSES_OF_SERVICE = ['local', 'long_distance', 'international', 'toll_free'] as const;
export type ClassOfService = (typeof CLASSES_OF_SERVICE)[number];
export const CLASS_OF_SERVICE_LABELS: Record<ClassOfService, string> = {
  local: 'Local',
  long_distance: 'Long distance',
  international: 'International',
  toll_free: 'Toll-free',
};
export const ClassOfServiceSchema = z.enum(CLASSES_OF_SERVICE, {
  message: `Class of service must be one of: ${CLASSES_OF_SERVICE.join(', ')}.`,
});

/**
 * Why a staff member may not set a code to `wanted` (null when allowed): only a code the switch has confirmed can be
 * suspended or made active again; a pending one waits for the switch, a failed one is retried or removed first.
 */
export function statusChangeProblem(current: AuthCodeStatus, wanted: 'active' | 'suspended'): string | null {
  if (current === wanted) return null;
  if (current === 'active' || current === 'suspended') return null;
  if (current === 'pending') return 'A pending code cannot be suspended or activated until the switch confirms it.';
  if (current === 'failed')
    return 'A failed code must be retried (or removed) before it can be suspended or activated.';
  return 'A code being removed cannot be changed.';
}

/** Whether a code in `status` may be retried (only failed ones). */
export const mayRetry = (status: AuthCodeStatus) => status === 'failed';

/** Tries to reach the switch before a change is given up as failed. */
export const AUTH_CODE_MAX_PUSH_ATTEMPTS = 8;

/** Seconds to wait before try `attempt` + 1 after `attempt` failed tries: 5 s, 15 s, 45 s … at most an hour. */
export function pushBackoffSeconds(attempt: number): number {
  return Math.min(3600, 5 * 3 ** Math.max(0, attempt - 1));
}

// ---- contract ---------------------------------------------------------------------------------------------------

export const AUTH_CODE_DESCRIPTION_MAX = 80;
/** Most codes a list answers (a search narrows it). */
export const AUTH_CODE_LIST_LIMIT = 200;
/**
 * A search by the end of the code takes exactly this many digits (issue 25): never more, so no search narrows to one
 * whole code, however many are tried (the masked code shows the last digit only).
 */
export const AUTH_CODE_SUFFIX_DIGITS = 4;
/** Most codes a search by the last digits answers. */
export const AUTH_CODE_SUFFIX_LIMIT = 20;

const description = cleanLine()
  .trim()
  .min(1, 'Description is required (who or what the code is for).')
  .max(AUTH_CODE_DESCRIPTION_MAX, `Description must be at most ${AUTH_CODE_DESCRIPTION_MAX} characters.`);

const customerId = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{4}-\d{4}$/, 'Account number must look like 0000-0000-0000.');

export const AuthCodeSchema = z.object({
  AuthCodeID: z.number().int(),
  vcCustomerID: z.string(),
  vcCustomerName: z.string(),
  /** Always masked: the full code is shown only in the answer to the add. */
  maskedCode: z.string(),
  description: z.string(),
  classOfService: z.enum(CLASSES_OF_SERVICE),
  status: AuthCodeStatusSchema,
  /** A change (suspend, resume, class of service) the switch has not confirmed yet. */
  waitingForSwitch: z.boolean(),
  /** Why the switch refused it or could not be reached (the last try). */
  lastError: z.string().nullable(),
  pushAttempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AuthCode = z.infer<typeof AuthCodeSchema>;

export const AuthCodeListSchema = z.object({
  authCodes: z.array(AuthCodeSchema),
  /** More codes match than the list holds. */
  truncated: z.boolean(),
});
export type AuthCodeList = z.infer<typeof AuthCodeListSchema>;

export const AuthCodeSearchQuerySchema = z.object({
  customer: customerId.optional().or(z.literal('').transform(() => undefined)),
  suffix: z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{${AUTH_CODE_SUFFIX_DIGITS}}$`),
      `Code suffix must be the last ${AUTH_CODE_SUFFIX_DIGITS} digits of the code.`,
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  status: AuthCodeStatusSchema.optional().or(z.literal('').transform(() => undefined)),
});
export type AuthCodeSearchQuery = z.input<typeof AuthCodeSearchQuerySchema>;

export const NewAuthCodeSchema = z.object({
  vcCustomerID: customerId,
  description,
  classOfService: ClassOfServiceSchema,
});
export type NewAuthCode = z.input<typeof NewAuthCodeSchema>;

export const NewAuthCodeResponseSchema = z.object({
  authCode: AuthCodeSchema,
  /** The full code: in this answer only (null when a retried request is answered again: it is never stored there). */
  code: z.string().nullable(),
});
export type NewAuthCodeResponse = z.infer<typeof NewAuthCodeResponseSchema>;

export const AuthCodeUpdateSchema = z
  .object({
    description: description.optional(),
    classOfService: ClassOfServiceSchema.optional(),
    status: z.enum(['active', 'suspended'], { message: 'Status must be active or suspended.' }).optional(),
  })
  .refine((v) => v.description !== undefined || v.classOfService !== undefined || v.status !== undefined, {
    message: 'Change the description, the class of service or the status.',
    path: ['description'],
  });
export type AuthCodeUpdate = z.input<typeof AuthCodeUpdateSchema>;

export const AuthCodeParamsSchema = z.object({ authCodeId: idParam('Auth code id') });

/** What a business customer sees of its codes (masked, no switch details). */
export const CustomerAuthCodeSchema = z.object({
  AuthCodeID: z.number().int(),
  maskedCode: z.string(),
  description: z.string(),
  classOfService: z.enum(CLASSES_OF_SERVICE),
  status: AuthCodeStatusSchema,
  createdAt: z.string(),
});
export const CustomerAuthCodeListSchema = z.object({ authCodes: z.array(CustomerAuthCodeSchema) });
export type CustomerAuthCode = z.infer<typeof CustomerAuthCodeSchema>;
