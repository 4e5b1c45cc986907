/**
 * A signed-in user changes their own password (Settings, issue 28): the current password first, counted like
 * sign-in attempts (progressive delays per user, attempt-limits.service.ts); the new one by the registration rules.
 * The user's other sessions end, this one stays; a security mail tells the user's address.
 */
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, unauthenticated } from '../../lib/errors.js';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Viewer } from '../../plugins/auth.js';
import { notify } from '../notifications/notifications.service.js';
import { assertMayAttempt, clearFailedAttempts, recordFailedAttempt } from './attempt-limits.service.js';
import * as repo from './auth.repository.js';
import { revokeUserSessions } from './sessions.service.js';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
const SAME_PASSWORD = 'Choose a new password that differs from your current one.';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export async function changePassword(ctx: AppContext, viewer: Viewer, input: PasswordChange, ip: string) {
  const key = `password-change|${viewer.userId}`;
  await assertMayAttempt(
    ctx,
    [{ column: 'username_key', value: key, limit: ctx.config.loginLimits.perUser }],
    'password',
  );
  const user = await repo.findUserById(ctx.db, viewer.userId);
  if (!user || user.disabled === 1) throw unauthenticated('Your user is no longer active.');
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    await recordFailedAttempt(ctx, key, ip);
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  if (input.newPassword === input.currentPassword) throw badRequest(SAME_PASSWORD, { newPassword: SAME_PASSWORD });
  assertPasswordAllowed(input.newPassword, user.username, 'newPassword');
  // Hash before the transaction: argon2 takes a moment and must not hold the database.
  const hash = await hashPassword(input.newPassword);
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, user.id, hash, now);
    // Whoever else held the old password holds no session any more; this one goes on.
    await revokeUserSessions(ctx, user.id, 'password-changed', trx, viewer.sessionId ?? undefined);
    await audit(trx, { at: now, userId: user.id, employeeId: null, action: 'password-change' });
    await notify(trx, ctx.now(), {
      type: 'security.password_changed',
      key: `password:${user.id}:${now}`,
      userIds: [user.id],
      data: { username: user.username },
      only: ['in_app'],
    });
  });
  await clearFailedAttempts(ctx, key);
  await securityMail(ctx, user);
}

/** The change is done; a mail that fails to go is logged, not the user's problem. */
async function securityMail(ctx: AppContext, user: { email: string; first_name: string; username: string }) {
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: `${ctx.config.shell.providerName}: your password was changed`,
      text: [
        `Hello ${user.first_name},`,
        '',
        `The password of the portal user "${user.username}" was changed just now, and its other sessions were signed out.`,
        '',
        'If this was not you, reset your password at once with "Forgot your password?" on the sign-in page and call us.',
      ].join('\n'),
    });
  } catch (error) {
    ctx.log.warn({ err: error }, 'password-change mail not sent');
  }
}
