/** Paperless billing (issue 28): the account's choice, read with "View bills", changed with "Pay bills". */
import { z } from 'zod';

export const PaperlessSchema = z.object({
  /** Bills by email only, no paper bill in the mail. */
  paperless: z.boolean(),
  /** Whether this user may change it (the "Pay bills" permission). */
  mayChange: z.boolean(),
});
export type Paperless = z.infer<typeof PaperlessSchema>;

export const PaperlessRequestSchema = z.object({
  paperless: z.boolean({ message: 'Paperless billing must be true or false.' }),
});
export type PaperlessRequest = z.infer<typeof PaperlessRequestSchema>;
