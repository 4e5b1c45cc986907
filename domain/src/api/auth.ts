/** Request and response contracts of sign-in, registration, account recovery and the super-user login. */
import { z } from 'zod';
import { cleanLine } from '../clean-text.js';

const username = cleanLine()
  .trim()
  .min(3, 'Username must be 3 to 64 characters.')
  .max(64, 'Username must be 3 to 64 characters.');

export const PASSWORD_MIN_LENGTH = 10;
export const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(200, 'Password must be at most 200 characters.');

export const LoginRequestSchema = z.object({
  username,
  password: z.string().min(1, 'Password is required.').max(200, 'Password must be at most 200 characters.'),
  /** SPEC §7 "light flag": a lighter response for slow connections; the token is all we send either way. */
  light: z.boolean().optional(),
  /** The device token an earlier sign-in on this browser received: its failures are counted apart from strangers'. */
  deviceToken: z.string().max(200).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const TokenResponseSchema = z.object({
  token: z.string(),
  /** Kept by the browser per user name and sent with later sign-ins (see LoginRequest.deviceToken). */
  deviceToken: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** Customer account number as printed on bills: 0000-0000-0000. */
export const CUSTOMER_ID_PATTERN = /^\d{4}-\d{4}-\d{4}$/;
export const customerId = z.string().trim().regex(CUSTOMER_ID_PATTERN, 'Account number must look like 0000-0000-0000.');

export const REGISTRATION_CODE_MESSAGE =
  'Registration code must be the 16 letters and digits from your bill or our email, like ABCD-EFGH-JKMN-PQRS.';
const registrationCodeField = z
  .string()
  .trim()
  .refine((v) => /^[0-9A-Za-z]{16}$/.test(v.replace(/[\s-]/g, '')), REGISTRATION_CODE_MESSAGE);

export const RegisterRequestSchema = z.object({
  vcCustomerID: customerId,
  registrationCode: registrationCodeField,
  firstName: cleanLine().trim().min(1, 'First name is required.').max(80, 'First name must be at most 80 characters.'),
  lastName: cleanLine().trim().min(1, 'Last name is required.').max(80, 'Last name must be at most 80 characters.'),
  email: z.email('Email must be a valid email address.').max(254, 'Email must be at most 254 characters.'),
  username,
  password,
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** Asks for an account's registration code to be mailed to the account's email on file. */
export const RegistrationCodeRequestSchema = z.object({ vcCustomerID: customerId });
export type RegistrationCodeRequest = z.infer<typeof RegistrationCodeRequestSchema>;

export const ConfirmEmailRequestSchema = z.object({
  token: z.string().min(20, 'The confirmation link is not valid.').max(200, 'The confirmation link is not valid.'),
});

export const RecoveryRequestSchema = z.object({
  identifier: z
    .string()
    .trim()
    .min(3, 'Enter your username or email (3 to 254 characters).')
    .max(254, 'Enter your username or email (3 to 254 characters).'),
});
export type RecoveryRequest = z.infer<typeof RecoveryRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(20, 'The reset link is not valid.').max(200, 'The reset link is not valid.'),
  password,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** Settings: change the password of the signed-in user (issue 28); the same rules as registration. */
export const ChangePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'Enter your current password.')
      .max(200, 'Password must be at most 200 characters.'),
    newPassword: password,
    confirmPassword: z.string().max(200, 'Password must be at most 200 characters.'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The two passwords do not match.',
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const SuperLoginRequestSchema = z.object({
  vcCustomerID: customerId,
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'The super-user link is not valid.'),
  nEmployeeID: z.coerce.number().int().positive('Employee id must be a positive number.'),
});
export type SuperLoginRequest = z.infer<typeof SuperLoginRequestSchema>;

export const SuperLinkRequestSchema = z.object({ vcCustomerID: customerId });
export const SuperLinkResponseSchema = z.object({
  path: z.string(),
  vcCustomerID: z.string(),
  vcCustomerName: z.string(),
  expiresAt: z.string(),
});
export type SuperLinkResponse = z.infer<typeof SuperLinkResponseSchema>;

export const SessionLogResponseSchema = z.object({ logged: z.boolean(), lastLoggedAt: z.string() });
export type SessionLogResponse = z.infer<typeof SessionLogResponseSchema>;
