/** Customer account summary: the first customer-scoped read, and the ownership pattern later routes copy. */
import { z } from 'zod';
import { CustomerTypeSchema } from '../session.js';

export const AccountSummarySchema = z.object({
  vcCustomerID: z.string(),
  vcCustomerName: z.string(),
  vcCustomerType: CustomerTypeSchema,
  vcCustomerStatus: z.string(),
  serviceLocationCount: z.number().int(),
  mailingLocationCount: z.number().int(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

export const CustomerIdParamsSchema = z.object({
  vcCustomerID: z.string().regex(/^\d{4}-\d{4}-\d{4}$/, 'Account number must look like 0000-0000-0000.'),
});

export const CustomerSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'Type at least 2 characters of the account number or name.')
    .max(80, 'Search text must be at most 80 characters.'),
});

export const CustomerMatchSchema = z.object({
  vcCustomerID: z.string(),
  vcCustomerName: z.string(),
  vcCustomerType: CustomerTypeSchema,
});
export type CustomerMatch = z.infer<typeof CustomerMatchSchema>;
export const CustomerMatchListSchema = z.array(CustomerMatchSchema);

/**
 * The business customer function trigger (SPEC §7; a sales staff action): the account becomes a Business account,
 * so its users get the business portal (Reports, business-center requests, auth codes) and its administrator every
 * permission category. Its users' sessions end, so their next sign-in carries the new type.
 */
export const MakeBusinessResponseSchema = z.object({
  vcCustomerID: z.string(),
  vcCustomerName: z.string(),
  vcCustomerType: CustomerTypeSchema,
  /** The type it had. */
  previousType: CustomerTypeSchema,
  /** Sessions of the account's users that were ended. */
  sessionsEnded: z.number().int(),
});
export type MakeBusinessResponse = z.infer<typeof MakeBusinessResponseSchema>;
