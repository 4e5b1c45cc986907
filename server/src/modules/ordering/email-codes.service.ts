/** The new customer's checkout email code: sent (capped per hour), checked before the charge, used up by the write. */
import { createHash, randomInt } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { badRequest, tooManyRequests } from '../../lib/errors.js';
import * as repo from './email-codes.repository.js';

const codeHash = (email: string, code: string) => createHash('sha256').update(`${email}|${code}`).digest('base64url');

export const EMAIL_CODE_MINUTES = 15;
export const EMAIL_CODES_PER_HOUR = 5;
export const EMAIL_CODE_ATTEMPTS = 5;

export async function sendEmailCode(ctx: AppContext, email: string) {
  const now = ctx.now();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  if ((await repo.codesSince(ctx.db, email, hourAgo)) >= EMAIL_CODES_PER_HOUR) {
    throw tooManyRequests(
      `We sent ${EMAIL_CODES_PER_HOUR} codes to ${email} in the last hour. Use the latest one, or try again later.`,
      3600,
    );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.insertEmailCode(ctx.db, {
    email,
    code_hash: codeHash(email, code),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + EMAIL_CODE_MINUTES * 60_000).toISOString(),
    attempts: 0,
    used_at: null,
  });
  await ctx.mailer.send({
    to: email,
    subject: `${ctx.config.shell.providerName}: your order verification code`,
    text: [
      'Hello,',
      '',
      'To confirm this email address for your fiber order, enter this code on the checkout page:',
      '',
      `    ${code}`,
      '',
      `The code works once, for ${EMAIL_CODE_MINUTES} minutes. If you did not order, ignore this message.`,
    ].join('\n'),
  });
  return {
    message: `We emailed a 6-digit code to ${email}. It works for ${EMAIL_CODE_MINUTES} minutes.`,
    expiresInMinutes: EMAIL_CODE_MINUTES,
  };
}

/** Checks the code before anything is charged (a wrong code counts an attempt); the write uses it up. */
export async function checkEmailCode(ctx: AppContext, email: string, code: string): Promise<number> {
  const field = 'account.emailCode';
  const row = await repo.latestEmailCode(ctx.db, email);
  const fail = (message: string) => badRequest(message, { [field]: message });
  if (!row || row.used_at !== null) throw fail('Ask for a code first: we email it to the address you give.');
  if (row.expires_at <= ctx.now().toISOString()) throw fail('This code has expired. Ask for a new one.');
  if (row.attempts >= EMAIL_CODE_ATTEMPTS) throw fail('Too many wrong codes. Ask for a new one.');
  if (row.code_hash !== codeHash(email, code)) {
    await repo.countEmailCodeAttempt(ctx.db, row.id);
    throw fail('That code is not the one we emailed. Check it, or ask for a new one.');
  }
  return row.id;
}
