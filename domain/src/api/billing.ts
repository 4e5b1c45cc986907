/**
 * Contract of the billing center (SPEC §7 Bills): bills and invoices, payments with the card fee, payment methods,
 * autopay, history, invoice downloads, and the mailing address with its ZIP lookup. Money is integer cents.
 * Card and bank numbers go to the server once, to be tokenized by the payment gateway; no response carries them.
 */
import { z } from 'zod';
import {
  ACCEPTED_CARDS_TEXT,
  cardBrand,
  cardDigits,
  cardLengthValid,
  cvcLength,
  fullExpiryYear,
  luhnValid,
  routingNumberValid,
} from '../billing/card.js';
import { MAX_PAYMENT_CENTS } from '../billing/money.js';
import { addressMismatches, US_STATE_CODES, ZIP_FOUR_PATTERN, ZIP_PATTERN } from '../billing/zip-codes.js';
import { cleanLine } from '../clean-text.js';
import { idParam } from './customer.js';

// ---- invoices and bills (getBills) ---------------------------------------------------------------------------

export const INVOICE_STATUSES = ['Open', 'Past Due', 'Paid'] as const;

export const InvoiceSchema = z.object({
  InvoiceID: z.number().int(),
  InvoiceGroupID: z.number().int(),
  MailingLocationID: z.number().int(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceDetailSchema = InvoiceSchema.extend({
  lines: z.array(z.object({ description: z.string(), amountCents: z.number().int() })),
  payments: z.array(z.object({ PaymentID: z.number().int(), paidAt: z.string(), amountCents: z.number().int() })),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

export const MailingLocationSummarySchema = z.object({
  MailingLocationID: z.number().int(),
  fullAddress: z.string(),
  /** The payment method autopay uses here, or null when autopay is off. */
  autopayPaymentMethodID: z.number().int().nullable(),
});

export const BillsSchema = z.object({
  balanceCents: z.number().int(),
  /** What order payments left over: applied to the account's next invoice when it is made. */
  creditCents: z.number().int(),
  pastDueCents: z.number().int(),
  /** The earliest due date of an unpaid invoice, and what is due then. */
  nextDueDate: z.string().nullable(),
  nextDueCents: z.number().int(),
  openInvoices: z.array(InvoiceSchema),
  mailingLocations: z.array(MailingLocationSummarySchema),
  /** The provider's card fee in basis points (295 = 2.95 %); bank payments carry none. */
  cardFeeBasisPoints: z.number().int(),
  /** The provider requires autopay on every mailing location. */
  requireAutopay: z.boolean(),
  /** The provider forbids removing the last payment method on file. */
  keepLastPaymentMethod: z.boolean(),
  /** The payment gateway in use ('sandbox' takes only its test numbers). */
  paymentGateway: z.string(),
});
export type Bills = z.infer<typeof BillsSchema>;

export const InvoiceParamsSchema = z.object({ invoiceId: idParam('Invoice id') });
export const InvoiceGroupParamsSchema = z.object({ invoiceGroupId: idParam('Invoice group id') });
export const MailingLocationParamsSchema = z.object({ mailingLocationId: idParam('Mailing location id') });

// ---- payment methods (addPaymentMethod, deletePaymentMethod) ---------------------------------------------------

export const PaymentMethodKindSchema = z.enum(['card', 'bank']);
export type PaymentMethodKind = z.infer<typeof PaymentMethodKindSchema>;

export const PaymentMethodSchema = z.object({
  PaymentMethodID: z.number().int(),
  kind: PaymentMethodKindSchema,
  /** Visa, Mastercard, Amex, Discover; Checking or Savings for bank accounts. */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  holderName: z.string(),
  expired: z.boolean(),
  /** Mailing locations whose autopay uses this method. */
  autopayMailingLocationIDs: z.array(z.number().int()),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * A saved method's name in lists: "Visa ending in 4242, expires 12/28" (the expiry tells two cards with the same last
 * four apart), "Checking ending in 6789".
 */
export function paymentMethodLabel(m: Pick<PaymentMethod, 'brand' | 'last4' | 'expMonth' | 'expYear'>): string {
  const name = `${m.brand} ending in ${m.last4}`;
  if (m.expMonth === null || m.expYear === null) return name;
  return `${name}, expires ${String(m.expMonth).padStart(2, '0')}/${String(m.expYear % 100).padStart(2, '0')}`;
}
export const PaymentMethodListSchema = z.array(PaymentMethodSchema);

const holderName = cleanLine()
  .trim()
  .min(2, 'Name must be 2 to 80 characters, as printed on the card or account.')
  .max(80, 'Name must be 2 to 80 characters, as printed on the card or account.');

export const NewCardSchema = z
  .object({
    kind: z.literal('card'),
    holderName,
    cardNumber: z.string().max(40, 'Card number must be 13 to 19 digits.'),
    expMonth: z.coerce
      .number({ message: 'Expiry month must be 1 to 12.' })
      .int('Expiry month must be 1 to 12.')
      .min(1, 'Expiry month must be 1 to 12.')
      .max(12, 'Expiry month must be 1 to 12.'),
    expYear: z.coerce
      .number({ message: 'Expiry year must be a year like 2028.' })
      .int('Expiry year must be a year like 2028.')
      .positive('Expiry year must be a year like 2028.')
      .transform(fullExpiryYear)
      .pipe(
        z
          .number()
          .min(2000, 'Expiry year must be a year like 2028.')
          .max(2099, 'Expiry year must be a year like 2028.'),
      ),
    cvc: z.string().trim(),
    postalCode: z.string().trim().regex(ZIP_PATTERN, 'Billing ZIP code must be 5 digits.'),
  })
  .superRefine((card, ctx) => {
    const digits = cardDigits(card.cardNumber);
    if (digits === null || digits.length < 13 || digits.length > 19) {
      ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: 'Card number must be 13 to 19 digits.' });
      return;
    }
    const brand = cardBrand(digits);
    if (brand === null) {
      ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: `We accept ${ACCEPTED_CARDS_TEXT}.` });
    } else if (!cardLengthValid(digits) || !luhnValid(digits)) {
      ctx.addIssue({
        code: 'custom',
        path: ['cardNumber'],
        message: 'Card number is not valid. Check the digits and try again.',
      });
    }
    const length = cvcLength(brand);
    if (!new RegExp(`^\\d{${length}}$`).test(card.cvc)) {
      ctx.addIssue({ code: 'custom', path: ['cvc'], message: `Security code must be ${length} digits.` });
    }
  });

export const NewBankAccountSchema = z.object({
  kind: z.literal('bank'),
  holderName,
  routingNumber: z
    .string()
    .trim()
    .refine(routingNumberValid, 'Routing number must be the 9-digit number printed on your checks.'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'Account number must be 4 to 17 digits.'),
  accountType: z.enum(['Checking', 'Savings'], { message: 'Account type must be Checking or Savings.' }),
});

export const AddPaymentMethodRequestSchema = z.discriminatedUnion('kind', [NewCardSchema, NewBankAccountSchema], {
  message: 'Type must be card or bank.',
});
export type AddPaymentMethodRequest = z.input<typeof AddPaymentMethodRequestSchema>;
export type NewPaymentMethod = z.output<typeof AddPaymentMethodRequestSchema>;

export const PaymentMethodParamsSchema = z.object({ paymentMethodId: idParam('Payment method id') });
export const PaymentParamsSchema = z.object({ paymentId: idParam('Payment id') });

// ---- paying (processCreditCardFees, payBills) ------------------------------------------------------------------

const cents = (label: string) =>
  z
    .number({ message: `${label} must be an amount in cents.` })
    .int(`${label} must be whole cents.`)
    .positive(`${label} must be more than $0.00.`)
    .max(MAX_PAYMENT_CENTS, `${label} must be at most $100,000.00.`);

export const FeeQuoteRequestSchema = z.object({
  PaymentMethodID: idParam('Payment method'),
  amountCents: cents('Amount'),
});
export const FeeQuoteSchema = z.object({
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  totalCents: z.number().int(),
  feeBasisPoints: z.number().int(),
});
export type FeeQuote = z.infer<typeof FeeQuoteSchema>;

export const PayBillsRequestSchema = z.object({
  PaymentMethodID: idParam('Payment method'),
  invoices: z
    .array(z.object({ InvoiceID: idParam('Invoice id'), amountCents: cents('Amount') }))
    .min(1, 'Choose at least one invoice to pay.')
    .max(50, 'Pay at most 50 invoices at once.')
    .refine((list) => new Set(list.map((i) => i.InvoiceID)).size === list.length, 'List each invoice once.'),
  /** The fee the payer was shown; a different fee on the server refuses the payment instead of charging it. */
  expectedFeeCents: z.number().int().min(0, 'Expected fee must be 0 or more cents.'),
});
export type PayBillsRequest = z.infer<typeof PayBillsRequestSchema>;

export const PaymentResultSchema = z.object({
  PaymentID: z.number().int(),
  status: z.literal('Completed'),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  totalCents: z.number().int(),
  reference: z.string(),
  /** Made by the server and kept with the payment: what the payer quotes, shown in the history and the receipt. */
  confirmationNumber: z.string(),
  /** The method paid with, as people read it ("Visa ending in 4242"). */
  method: z.string(),
  paidAt: z.string(),
  invoices: z.array(
    z.object({ InvoiceID: z.number().int(), amountCents: z.number().int(), balanceCents: z.number().int() }),
  ),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

// ---- autopay (viewAutopay, activatePaymentMethod, deactivateAutopay) -------------------------------------------

export const AutopaySchema = z.object({
  requireAutopay: z.boolean(),
  locations: z.array(
    z.object({
      MailingLocationID: z.number().int(),
      fullAddress: z.string(),
      paymentMethod: PaymentMethodSchema.nullable(),
    }),
  ),
});
export type Autopay = z.infer<typeof AutopaySchema>;

export const ActivateAutopayRequestSchema = z.object({ PaymentMethodID: idParam('Payment method') });

// ---- history (viewHistory) -------------------------------------------------------------------------------------

export const PaymentRecordSchema = z.object({
  PaymentID: z.number().int(),
  paidAt: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  status: z.string(),
  source: z.string(),
  method: z.string(),
  failureReason: z.string().nullable(),
  /** What was refunded of it (a cancelled order's payment), and when; status 'Refunded' once all of it is. */
  refundedCents: z.number().int(),
  refundedAt: z.string().nullable(),
  confirmationNumber: z.string().nullable(),
  invoiceIDs: z.array(z.number().int()),
  /** Of invoiceIDs, those an order payment paid as the account's credit (beyond its order's first invoice). */
  creditInvoiceIDs: z.array(z.number().int()),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

export const BillingHistorySchema = z.object({
  MailingLocationID: z.number().int(),
  fullAddress: z.string(),
  invoices: z.array(InvoiceSchema),
  payments: z.array(PaymentRecordSchema),
});
export type BillingHistory = z.infer<typeof BillingHistorySchema>;

// ---- mailing address (getMailingLocationObject, zipCodeLookUp, updateAddress) ----------------------------------

/** SPEC §3 Address. */
export const MailingLocationSchema = z.object({
  MailingLocationID: z.number().int(),
  vcAddress: z.string(),
  vcAddress2: z.string().nullable(),
  vcCity: z.string(),
  vcState: z.string(),
  vcZip: z.string(),
  vcZipFour: z.string().nullable(),
});
export type MailingLocation = z.infer<typeof MailingLocationSchema>;
export const MailingLocationListSchema = z.array(MailingLocationSchema);

const optionalText = (max: number, message: string) =>
  cleanLine()
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v));

export const AddressUpdateSchema = z
  .object({
    vcAddress: cleanLine()
      .trim()
      .min(3, 'Street address must be 3 to 100 characters.')
      .max(100, 'Street address must be 3 to 100 characters.')
      .regex(/\d/, 'Street address needs a house number or PO Box number.'),
    vcAddress2: optionalText(60, 'Apartment, suite or unit must be at most 60 characters.'),
    vcCity: cleanLine()
      .trim()
      .min(2, 'City must be 2 to 60 characters.')
      .max(60, 'City must be 2 to 60 characters.')
      .regex(/^[A-Za-z .'-]+$/, "City may use letters, spaces and . ' - only."),
    vcState: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => US_STATE_CODES.includes(v), 'State must be a 2-letter US state code, like MO.'),
    vcZip: z.string().trim().regex(ZIP_PATTERN, 'ZIP code must be 5 digits.'),
    vcZipFour: z
      .string()
      .trim()
      .refine((v) => v === '' || ZIP_FOUR_PATTERN.test(v), 'ZIP+4 must be 4 digits or left empty.')
      .transform((v) => (v === '' ? null : v)),
  })
  .superRefine((address, ctx) => {
    for (const [field, message] of Object.entries(addressMismatches(address))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type AddressUpdate = z.input<typeof AddressUpdateSchema>;

export const ZipParamsSchema = z.object({
  zip: z.string().trim().regex(ZIP_PATTERN, 'ZIP code must be 5 digits.'),
});
export const ZipLookupSchema = z.object({ vcZip: z.string(), vcCity: z.string(), vcState: z.string() });
export type ZipLookup = z.infer<typeof ZipLookupSchema>;
