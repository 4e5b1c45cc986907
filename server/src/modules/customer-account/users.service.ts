/**
 * Users of a customer account and their permission categories (addUser, getUsers, updateUser,
 * getPermissionCategories, updatePermissions). Rules, checked here on the server:
 * - the account's administrator always holds every category and cannot be disabled or narrowed;
 * - nobody changes their own permissions, and nobody gives a category they do not hold themselves;
 * - only the administrator (or a super user acting as it) edits the administrator's details;
 * - a user changes only co-workers whose permissions they hold all of themselves (no taking over a stronger user);
 * - a new email takes effect only when the new address confirms it, and the old address is told (recovery mails go
 *   to the email, so an unconfirmed change could hand the account to whoever typed it);
 * - disabling a user or taking a permission away ends that user's sessions.
 */
import {
  type AddUserRequestSchema,
  ALL_PERMISSIONS,
  type CustomerUser,
  PERMISSION_CATEGORIES,
  type PermissionCategory,
  type UpdateUserRequestSchema,
  type UserPermissions,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { changesBetween } from '../../lib/audit.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { assertPasswordAllowed, hashPassword } from '../../lib/passwords.js';
import { pendingEmails, requestEmailChange } from '../auth/email-change.service.js';
import { revokeUserSessions } from '../auth/sessions.service.js';
import * as accounts from './account.repository.js';
import { assertNotSuperUser, assertOwned, type CustomerActor } from './customer-access.policy.js';
import { auditCustomerWrite } from './customer-access.service.js';
import * as repo from './users.repository.js';

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;

function toUser(row: UserRow, permissions: string[] | undefined, pendingEmail: string | undefined): CustomerUser {
  const isAdmin = row.is_admin === 1;
  return {
    nUserID: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    pendingEmail: pendingEmail ?? null,
    isAdmin,
    active: row.disabled === 0,
    permissions: isAdmin ? [...ALL_PERMISSIONS] : ((permissions ?? []) as PermissionCategory[]),
  };
}

export async function listUsers(ctx: AppContext, actor: CustomerActor): Promise<CustomerUser[]> {
  const rows = await repo.usersOf(ctx.db, actor.customerId);
  const ids = rows.map((r) => r.id);
  const [permissions, pending] = await Promise.all([repo.permissionsOf(ctx.db, ids), pendingEmails(ctx, ids)]);
  return rows.map((r) => toUser(r, permissions.get(r.id), pending.get(r.id)));
}

/** Permission categories by their names, in the catalogue's order ("Contacts, Pay bills"); "none" when empty. */
function permissionNames(codes: readonly string[]): string {
  const names = PERMISSION_CATEGORIES.filter((c) => codes.includes(c.code)).map((c) => c.name);
  return names.length > 0 ? names.join(', ') : 'none';
}

async function userOf(ctx: AppContext, actor: CustomerActor, userId: number): Promise<UserRow> {
  const user = await repo.findUser(ctx.db, userId);
  assertOwned(actor, user, 'user');
  return user;
}

async function oneUser(ctx: AppContext, userId: number): Promise<CustomerUser> {
  const row = await repo.findUser(ctx.db, userId);
  if (!row) throw notFound('No user with that id.');
  const [permissions, pending] = await Promise.all([
    repo.permissionsOf(ctx.db, [userId]),
    pendingEmails(ctx, [userId]),
  ]);
  return toUser(row, permissions.get(userId), pending.get(userId));
}

/** Only the administrator changes the administrator; others change only users whose every permission they hold. */
async function assertMayManage(ctx: AppContext, actor: CustomerActor, user: UserRow) {
  if (user.is_admin === 1) {
    if (!actor.isAdmin) throw forbidden('Only the account administrator can change the administrator’s details.');
    return;
  }
  if (actor.isAdmin || user.id === actor.userId) return;
  const held = (await repo.permissionsOf(ctx.db, [user.id])).get(user.id) ?? [];
  const beyond = held.filter((c) => !actor.permissions.has(c as PermissionCategory));
  if (beyond.length > 0) {
    throw forbidden(
      `You can only change users whose permissions you hold yourself; this user also holds: ${beyond.join(', ')}.`,
    );
  }
}

function assertMayGrant(actor: CustomerActor, categories: readonly PermissionCategory[]) {
  const beyond = categories.filter((c) => !actor.permissions.has(c));
  if (beyond.length > 0) {
    throw forbidden(`You can only give permissions you hold yourself; you do not hold: ${beyond.join(', ')}.`);
  }
}

export async function addUser(
  ctx: AppContext,
  actor: CustomerActor,
  input: z.output<typeof AddUserRequestSchema>,
  idempotencyKey: string | undefined,
) {
  const permissions = [...new Set(input.permissions)];
  assertMayGrant(actor, permissions);
  assertPasswordAllowed(input.password, input.username);
  const [service, mailing] = await Promise.all([
    accounts.serviceLocationsOf(ctx.db, actor.customerId),
    accounts.mailingLocationsOf(ctx.db, actor.customerId),
  ]);
  // Hash before the transaction: argon2 takes a moment and must not hold the database.
  const passwordHash = await hashPassword(input.password);
  const result = await runIdempotent(
    ctx.db,
    {
      userId: actor.userId,
      key: idempotencyKey,
      route: 'addUser',
      request: { ...input, password: undefined },
      now: ctx.now(),
    },
    async (trx) => {
      if (await repo.usernameTaken(trx, input.username)) {
        throw conflict('That username is taken. Choose another one.', { username: 'That username is taken.' });
      }
      const now = ctx.now().toISOString();
      const id = await repo.insertUser(trx, {
        customerId: actor.customerId,
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash,
        serviceLocationId: service[0]?.id ?? null,
        mailingLocationId: mailing[0]?.id ?? null,
        now,
      });
      await repo.replacePermissions(trx, id, permissions);
      await auditCustomerWrite(
        trx,
        actor,
        now,
        'user.add',
        id,
        { username: input.username, permissions },
        changesBetween(null, {
          Username: input.username,
          Name: `${input.firstName} ${input.lastName}`,
          'E-mail': input.email,
          Permissions: permissionNames(permissions),
        }),
      );
      return { statusCode: 201, body: { nUserID: id } };
    },
  );
  return { statusCode: result.statusCode, user: await oneUser(ctx, result.body.nUserID) };
}

export async function updateUser(
  ctx: AppContext,
  actor: CustomerActor,
  userId: number,
  input: z.output<typeof UpdateUserRequestSchema>,
) {
  const user = await userOf(ctx, actor, userId);
  await assertMayManage(ctx, actor, user);
  if (!input.active && (user.is_admin === 1 || user.id === actor.userId)) {
    throw conflict(
      user.is_admin === 1 ? 'The account administrator cannot be disabled.' : 'You cannot disable your own user.',
      { active: 'This user must stay active.' },
    );
  }
  const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged) assertNotSuperUser(actor, 'change email addresses');
  const mailAfterCommit = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await repo.updateUser(trx, userId, { ...input, disabled: !input.active, now });
    if (!input.active && user.disabled === 0) await revokeUserSessions(ctx, userId, 'user-disabled', trx);
    const mail = emailChanged
      ? await requestEmailChange(ctx, trx, {
          userId,
          username: user.username,
          firstName: input.firstName,
          oldEmail: user.email,
          newEmail: input.email,
          by: actor.userId,
        })
      : null;
    await auditCustomerWrite(
      trx,
      actor,
      now,
      'user.update',
      userId,
      { active: input.active, ...(emailChanged ? { emailChangeRequested: true } : {}) },
      changesBetween(
        {
          Name: `${user.first_name} ${user.last_name}`,
          'E-mail': user.email,
          Active: user.disabled === 0 ? 'Yes' : 'No',
        },
        {
          Name: `${input.firstName} ${input.lastName}`,
          // A new address takes effect once confirmed: the entry says it was asked for.
          'E-mail': emailChanged ? `${input.email} (change requested)` : user.email,
          Active: input.active ? 'Yes' : 'No',
        },
      ),
    );
    return mail;
  });
  await mailAfterCommit?.();
  return oneUser(ctx, userId);
}

export async function userPermissions(ctx: AppContext, actor: CustomerActor, userId: number): Promise<UserPermissions> {
  const user = await userOf(ctx, actor, userId);
  const isAdmin = user.is_admin === 1;
  const granted = new Set(isAdmin ? ALL_PERMISSIONS : ((await repo.permissionsOf(ctx.db, [userId])).get(userId) ?? []));
  return {
    SelectedUserID: userId,
    isAdmin,
    editable: !isAdmin && user.id !== actor.userId,
    categories: PERMISSION_CATEGORIES.map((c) => ({ ...c, granted: granted.has(c.code) })),
  };
}

export async function updatePermissions(
  ctx: AppContext,
  actor: CustomerActor,
  userId: number,
  categories: PermissionCategory[],
): Promise<UserPermissions> {
  const user = await userOf(ctx, actor, userId);
  if (user.is_admin === 1) throw conflict('The account administrator always has every permission.');
  if (user.id === actor.userId) throw forbidden('You cannot change your own permissions.');
  await assertMayManage(ctx, actor, user);
  const current = (await repo.permissionsOf(ctx.db, [userId])).get(userId) ?? [];
  // Only what changes needs the actor's own grant: a user may keep a category the actor does not hold.
  const added = categories.filter((c) => !current.includes(c));
  const removed = current.filter((c) => !categories.includes(c as PermissionCategory)) as PermissionCategory[];
  assertMayGrant(actor, [...added, ...removed]);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replacePermissions(trx, userId, categories);
    // The user's open pages were built for the old permissions: they sign in again.
    if (removed.length > 0) await revokeUserSessions(ctx, userId, 'permissions-changed', trx);
    await auditCustomerWrite(
      trx,
      actor,
      ctx.now().toISOString(),
      'user.permissions',
      userId,
      { added, removed },
      changesBetween({ Permissions: permissionNames(current) }, { Permissions: permissionNames(categories) }),
    );
  });
  return userPermissions(ctx, actor, userId);
}
