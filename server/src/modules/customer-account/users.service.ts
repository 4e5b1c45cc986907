/**
 * Users of a customer account and their permission categories (addUser, getUsers, updateUser,
 * getPermissionCategories, updatePermissions). Rules, checked here on the server:
 * - the account's administrator always holds every category and cannot be disabled or narrowed;
 * - nobody changes their own permissions, and nobody gives a category they do not hold themselves;
 * - only the administrator (or a super user acting as it) edits the administrator's details.
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
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { hashPassword } from '../../lib/passwords.js';
import * as accounts from './account.repository.js';
import { assertOwned, audit, type CustomerActor } from './customer-access.js';
import * as repo from './users.repository.js';

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;

function toUser(row: UserRow, permissions: string[] | undefined): CustomerUser {
  const isAdmin = row.is_admin === 1;
  return {
    nUserID: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    isAdmin,
    active: row.disabled === 0,
    permissions: isAdmin ? [...ALL_PERMISSIONS] : ((permissions ?? []) as PermissionCategory[]),
  };
}

export async function listUsers(ctx: AppContext, actor: CustomerActor): Promise<CustomerUser[]> {
  const rows = await repo.usersOf(ctx.db, actor.customerId);
  const permissions = await repo.permissionsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUser(r, permissions.get(r.id)));
}

async function userOf(ctx: AppContext, actor: CustomerActor, userId: number): Promise<UserRow> {
  const user = await repo.findUser(ctx.db, userId);
  assertOwned(actor, user, 'user');
  return user;
}

async function oneUser(ctx: AppContext, userId: number): Promise<CustomerUser> {
  const row = await repo.findUser(ctx.db, userId);
  if (!row) throw notFound('No user with that id.');
  return toUser(row, (await repo.permissionsOf(ctx.db, [userId])).get(userId));
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
  const [service, mailing] = await Promise.all([
    accounts.serviceLocationsOf(ctx.db, actor.customerId),
    accounts.mailingLocationsOf(ctx.db, actor.customerId),
  ]);
  // Hash before the transaction: argon2 takes a moment and must not hold the database.
  const passwordHash = await hashPassword(input.password);
  const result = await runIdempotent(
    ctx.db,
    { userId: actor.userId, key: idempotencyKey, route: 'addUser', now: ctx.now() },
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
      await audit(trx, actor, now, 'user.add', id, { username: input.username, permissions });
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
  if (user.is_admin === 1 && !actor.isAdmin) {
    throw forbidden('Only the account administrator can change the administrator’s details.');
  }
  if (!input.active && (user.is_admin === 1 || user.id === actor.userId)) {
    throw conflict(
      user.is_admin === 1 ? 'The account administrator cannot be disabled.' : 'You cannot disable your own user.',
      { active: 'This user must stay active.' },
    );
  }
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await repo.updateUser(trx, userId, { ...input, disabled: !input.active, now });
    await audit(trx, actor, now, 'user.update', userId, { active: input.active });
  });
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
  const current = (await repo.permissionsOf(ctx.db, [userId])).get(userId) ?? [];
  // Only what changes needs the actor's own grant: a user may keep a category the actor does not hold.
  const added = categories.filter((c) => !current.includes(c));
  const removed = current.filter((c) => !categories.includes(c as PermissionCategory)) as PermissionCategory[];
  assertMayGrant(actor, [...added, ...removed]);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replacePermissions(trx, userId, categories);
    await audit(trx, actor, ctx.now().toISOString(), 'user.permissions', userId, { added, removed });
  });
  return userPermissions(ctx, actor, userId);
}
