/**
 * E-mail changes: a user's e-mail (where recovery links go) changes only when the new address confirms it through a
 * mailed link; the old address is told. Asked for by customer-account's users.service.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { audit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import { isoAfterSeconds } from '../../lib/time.js';
import { notify } from '../notifications/notifications.service.js';
import * as repo from './auth.repository.js';
import { tokenHash } from './auth-secrets.js';

const EMAIL_CHANGE_TTL_SECONDS = 24 * 3600;
const EMAIL_LINK_INVALID = 'This confirmation link is not valid or has expired. Please ask for the change again.';

/**
 * Records an e-mail change (in the caller's transaction) and returns the mailing to do once it has committed: a
 * confirmation link to the new address and a notice to the old one. The e-mail stays as it is until confirmed.
 */
export async function requestEmailChange(
  ctx: AppContext,
  db: Kysely<Database> | Transaction<Database>,
  change: { userId: number; username: string; firstName: string; oldEmail: string; newEmail: string; by: number },
): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await repo.insertEmailChange(db, {
    userId: change.userId,
    newEmail: change.newEmail.toLowerCase(),
    tokenHash: tokenHash(token),
    requestedBy: change.by,
    now: now.toISOString(),
    expiresAt: isoAfterSeconds(EMAIL_CHANGE_TTL_SECONDS, now),
  });
  // The mails below go at once to both addresses; the notice stays in the notification center (it cannot be turned off).
  await notify(db, now, {
    type: 'security.email_change',
    key: `email-change:${change.userId}:${now.toISOString()}`,
    userIds: [change.userId],
    data: { username: change.username, email: maskEmail(change.newEmail) },
    only: ['in_app'],
  });
  const provider = ctx.config.shell.providerName;
  return async () => {
    await ctx.mailer.send({
      to: change.newEmail,
      subject: `${provider}: confirm your new email address`,
      text: [
        `Hello ${change.firstName},`,
        '',
        `This address was given as the new email of the portal user "${change.username}".`,
        'To confirm it, open this link within 24 hours. Until then, the old address stays in use:',
        '',
        `${ctx.config.publicUrl}/confirmEmail?token=${token}`,
        '',
        'If you do not know this account, ignore this message and nothing will change.',
      ].join('\n'),
    });
    await ctx.mailer.send({
      to: change.oldEmail,
      subject: `${provider}: a change of your email address was asked for`,
      text: [
        `Hello ${change.firstName},`,
        '',
        `Someone asked to change the email of the portal user "${change.username}" to ${maskEmail(change.newEmail)}.`,
        'The change happens only if the new address confirms it.',
        '',
        `If this was not you or a co-worker you trust, call us at ${ctx.config.shell.supportPhone}.`,
      ].join('\n'),
    });
  };
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain}`;
}

/** The addresses waiting for confirmation, by user. */
export function pendingEmails(ctx: AppContext, userIds: number[]): Promise<Map<number, string>> {
  return repo
    .pendingEmailChanges(ctx.db, userIds, ctx.now().toISOString())
    .then((rows) => new Map(rows.map((r) => [r.user_id, r.new_email])));
}

export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.now().toISOString();
  const change = await repo.findEmailChange(ctx.db, tokenHash(token));
  if (!change || change.used_at !== null || change.expires_at <= now) {
    throw badRequest(EMAIL_LINK_INVALID, { token: EMAIL_LINK_INVALID });
  }
  const user = await repo.findUserById(ctx.db, change.user_id);
  if (!user) throw badRequest(EMAIL_LINK_INVALID, { token: EMAIL_LINK_INVALID });
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.useEmailChange(trx, change.id, now))) {
      throw badRequest(EMAIL_LINK_INVALID, { token: EMAIL_LINK_INVALID });
    }
    await repo.updateEmail(trx, change.user_id, change.new_email, now);
    // Reset links sent to the old address stop working.
    await repo.usePasswordResets(trx, change.user_id, now);
    await audit(trx, {
      at: now,
      userId: change.user_id,
      employeeId: null,
      action: 'email-changed',
      detail: { from: user.email, to: change.new_email },
    });
  });
  await ctx.mailer.send({
    to: user.email,
    subject: `${ctx.config.shell.providerName}: your email address was changed`,
    text: [
      `Hello ${user.first_name},`,
      '',
      `The email of the portal user "${user.username}" is now ${maskEmail(change.new_email)}.`,
      `If this was not you or a co-worker you trust, call us at ${ctx.config.shell.supportPhone}.`,
    ].join('\n'),
  });
}
