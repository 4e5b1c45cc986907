/**
 * Registration: the first online user of an account proves control of it with the account's registration code, 80
 * random-looking bits derived from the server secret, the account and a generation number, mailed to the account's
 * e-mail on file (and printable on its bill). Using it moves the account to the next code. Attempts are limited per
 * account and per address; the answer never says which part was wrong.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALL_PERMISSIONS, isCustomerAccount, type RegisterRequest } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { assertPasswordAllowed, hashPassword } from '../../lib/passwords.js';
import { assertMayAttempt, clearFailedAttempts, recordFailedAttempt } from './attempt-limits.service.js';
import * as repo from './auth.repository.js';
import { derivedKey } from './auth-secrets.js';
import { startSession } from './sessions.service.js';
import { claimsOf, deviceTokenFor } from './sign-in.service.js';

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U.

export function registrationCode(ctx: AppContext, customerId: string, generation: number): string {
  const mac = createHmac('sha256', derivedKey(ctx, 'registration-codes'))
    .update(`${customerId}|${generation}`)
    .digest();
  let bits = 0n;
  for (const byte of mac.subarray(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < 16; i++) {
    code = CODE_ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** Upper-cases, drops spaces and dashes, and reads the look-alikes (O→0, I/L→1) the way Crockford base32 does. */
export function normalizeRegistrationCode(code: string): string {
  const plain = code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return plain.match(/.{1,4}/g)?.join('-') ?? plain;
}

const NO_MATCH = 'We could not match that account number and registration code.';

export async function register(
  ctx: AppContext,
  input: RegisterRequest,
  meta: { ip: string; userAgent?: string | null },
) {
  const { perAccount, perIp } = ctx.config.registrationLimits;
  const accountKey = `register|${input.vcCustomerID}`;
  await assertMayAttempt(
    ctx,
    [
      { column: 'username_key', value: accountKey, limit: perAccount },
      { column: 'ip', value: `register|${meta.ip}`, limit: perIp },
    ],
    'registration',
  );
  assertPasswordAllowed(input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now().toISOString();
  const refuse = async () => {
    await recordFailedAttempt(ctx, accountKey, `register|${meta.ip}`);
    return badRequest(NO_MATCH, { vcCustomerID: NO_MATCH, registrationCode: NO_MATCH });
  };
  const customer = await repo.findCustomer(ctx.db, input.vcCustomerID);
  const generation = customer ? await repo.registrationGeneration(ctx.db, customer.id) : 0;
  const expected = Buffer.from(registrationCode(ctx, input.vcCustomerID, generation));
  const given = Buffer.from(normalizeRegistrationCode(input.registrationCode));
  const codeOk = expected.length === given.length && timingSafeEqual(expected, given);
  if (!customer || !isCustomerAccount(customer.customer_type) || !codeOk) throw await refuse();
  const { userId, token } = await ctx.db.transaction().execute(async (trx) => {
    if ((await repo.countAccountUsers(trx, customer.id)) > 0) {
      throw conflict('This account already has online access. Ask its administrator to add you as a user.');
    }
    if (await repo.usernameTaken(trx, input.username)) {
      throw conflict('That username is taken. Please choose another.', { username: 'That username is taken.' });
    }
    if (!(await repo.useRegistrationCode(trx, customer.id, generation, now))) throw await refuse();
    const [service, mailing] = await repo.firstLocations(trx, customer.id);
    const id = await repo.insertUser(trx, {
      username: input.username,
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      customerId: customer.id,
      isAdmin: true,
      activeServiceLocationId: service?.id ?? null,
      activeMailingLocationId: mailing?.id ?? null,
      now,
    });
    await repo.grantPermissions(trx, id, ALL_PERMISSIONS);
    await audit(trx, { at: now, userId: id, employeeId: null, action: 'register', subject: customer.id });
    const user = await repo.findUserById(trx, id);
    if (!user) throw notFound();
    return { userId: id, token: await startSession(ctx, claimsOf(user), meta, trx) };
  });
  await clearFailedAttempts(ctx, accountKey);
  return { token, deviceToken: deviceTokenFor(ctx, userId) };
}

export const REGISTRATION_CODE_SENT =
  'If that account can register online, we have mailed its registration code to the email address on file.';

/** Mails an account's registration code (a queued request: mail-queue.service.ts); silent when it cannot register. */
export async function mailRegistrationCode(ctx: AppContext, customerId: string) {
  const customer = await repo.findCustomer(ctx.db, customerId);
  if (!customer || !isCustomerAccount(customer.customer_type)) return;
  if ((await repo.countAccountUsers(ctx.db, customer.id)) > 0) return;
  const [to] = await repo.accountEmails(ctx.db, customer.id);
  if (!to) return;
  const code = registrationCode(ctx, customer.id, await repo.registrationGeneration(ctx.db, customer.id));
  await ctx.mailer.send({
    to,
    subject: `${ctx.config.shell.providerName}: your online registration code`,
    text: [
      `Hello ${customer.name},`,
      '',
      `Someone asked to set up online access for account ${customer.id}.`,
      'To register, open the portal, choose "Register", and enter your account number with this code:',
      '',
      `    ${code}`,
      '',
      `${ctx.config.publicUrl}/register`,
      '',
      'The code works once. If you did not ask for it, you can ignore this message.',
    ].join('\n'),
  });
}
