/**
 * Account recovery: a one-time password reset link (a random 256-bit token, only its hash stored, a newer link
 * retires the older ones) mailed from the queue (mail-queue.service.ts), and the reset itself, which ends every
 * session of the user.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import { assertPasswordAllowed, hashPassword } from '../../lib/passwords.js';
import { isoAfterSeconds, isoBeforeSeconds } from '../../lib/time.js';
import { durationText } from './attempt-limits.service.js';
import * as repo from './auth.repository.js';
import { tokenHash } from './auth-secrets.js';
import { revokeUserSessions } from './sessions.service.js';

export const RECOVERY_SENT =
  'If an account matches, we have sent a password reset link to its email address. The link works once.';

/** However many addresses ask, one user gets at most this many reset mails an hour. */
export const RECOVERY_MAILS_PER_USER_PER_HOUR = 5;

/** Mails a reset link to every user the identifier (user name or e-mail) names. */
export async function mailRecoveryLinks(ctx: AppContext, identifier: string): Promise<void> {
  const users = await repo.findUsersByUsernameOrEmail(ctx.db, identifier);
  const ttl = ctx.config.resetTokenTtlSeconds;
  const hourAgo = isoBeforeSeconds(3600, ctx.now());
  for (const user of users) {
    if ((await repo.resetsSince(ctx.db, user.id, hourAgo)) >= RECOVERY_MAILS_PER_USER_PER_HOUR) {
      ctx.log.warn({ userId: user.id }, 'recovery mail skipped: too many this hour for this user');
      continue;
    }
    const token = randomBytes(32).toString('base64url');
    const now = ctx.now().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      // A newer link retires the older ones.
      await repo.usePasswordResets(trx, user.id, now);
      await repo.insertPasswordReset(trx, user.id, tokenHash(token), now, isoAfterSeconds(ttl, ctx.now()));
    });
    const link = `${ctx.config.publicUrl}/accountRecovery?token=${token}`;
    await ctx.mailer.send({
      to: user.email,
      subject: `${ctx.config.shell.providerName}: reset your password`,
      text: [
        `Hello ${user.first_name},`,
        '',
        `Someone asked to reset the password of the portal user "${user.username}".`,
        `To choose a new password, open this link within ${durationText(Math.max(60, ttl))}. It works once:`,
        '',
        link,
        '',
        'If you did not ask for this, you can ignore this message; your password has not changed.',
      ].join('\n'),
    });
  }
}

const RESET_INVALID = 'This reset link is not valid or has expired. Please ask for a new one.';

export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const reset = await repo.findPasswordReset(ctx.db, tokenHash(token));
  const now = ctx.now().toISOString();
  if (!reset || reset.used_at !== null || reset.expires_at <= now) {
    throw badRequest(RESET_INVALID, { token: RESET_INVALID });
  }
  const user = await repo.findUserById(ctx.db, reset.user_id);
  if (!user) throw badRequest(RESET_INVALID, { token: RESET_INVALID });
  assertPasswordAllowed(password, user.username);
  const hash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findPasswordReset(trx, tokenHash(token));
    if (!current || current.used_at !== null) throw badRequest(RESET_INVALID, { token: RESET_INVALID });
    await repo.updatePasswordHash(trx, reset.user_id, hash, now);
    await repo.usePasswordResets(trx, reset.user_id, now);
    await repo.clearFailuresForUser(trx, reset.user_id);
    // Whoever held the old password holds no session any more.
    await revokeUserSessions(ctx, reset.user_id, 'password-reset', trx);
    await audit(trx, { at: now, userId: reset.user_id, employeeId: null, action: 'password-reset' });
  });
}
