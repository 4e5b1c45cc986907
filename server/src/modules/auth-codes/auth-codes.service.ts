/**
 * Auth codes (SPEC §7 "auth codes (get, pending, edit, search, add)"): staff search, add, edit, retry and remove a
 * business account's forced authorization codes; the business customer reads its own, masked. The code is made here
 * from a CSPRNG, answered in full only by the add, and never written to a log or an audit row. What the switch must
 * still be told is left in `push_action` for the push job (auth-codes.jobs.ts).
 */
import { randomInt } from 'node:crypto';
import {
  AUTH_CODE_LIST_LIMIT,
  AUTH_CODE_SUFFIX_LIMIT,
  type AuthCode,
  type AuthCodeList,
  type AuthCodeSearchQuerySchema,
  type AuthCodeStatus,
  type AuthCodeUpdateSchema,
  type ClassOfService,
  type CustomerAuthCode,
  generateAuthCode,
  maskAuthCode,
  mayRetry,
  type NewAuthCodeResponse,
  type NewAuthCodeSchema,
  statusChangeProblem,
} from '@strand/domain';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database, RowUpdate } from '../../db/database.js';
import { audit, changesBetween } from '../../lib/audit.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { Viewer } from '../../plugins/auth.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { mayHoldAuthCodes } from './auth-codes.policy.js';
import * as repo from './auth-codes.repository.js';

/** The code's place in the switch: the portal's reference, so the code never travels in a URL. */
export const switchRef = (id: number) => `strand-ac-${id}`;

/** The state a staff member or a customer sees. */
export function apiStatus(row: { status: string; removed_at: string | null }): AuthCodeStatus {
  if (row.status === 'failed') return 'failed';
  if (row.removed_at) return 'removing';
  return row.status as AuthCodeStatus;
}

/** The masked code from the reversed digits the lists read (the code column is never selected for an answer). */
const maskedOf = (reversed: string | null) => (reversed ? maskAuthCode([...reversed].reverse().join('')) : '');

function toAuthCode(row: repo.ListedAuthCode): AuthCode {
  return {
    AuthCodeID: row.id,
    vcCustomerID: row.customer_id,
    vcCustomerName: row.customer_name,
    maskedCode: maskedOf(row.code_reversed),
    description: row.description,
    classOfService: row.class_of_service as ClassOfService,
    status: apiStatus(row),
    waitingForSwitch: row.push_action !== null && row.status !== 'failed',
    lastError: row.last_error,
    pushAttempts: row.push_attempts,
    nextAttemptAt: row.push_action !== null ? row.next_push_at : null,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    updatedAt: row.updated_at,
  };
}

const staffAudit = (staff: Viewer, at: string, action: string, customerId: string, id: number) => ({
  at,
  userId: staff.userId,
  employeeId: staff.employeeId,
  action: `staff.auth-code.${action}`,
  subject: `${customerId}:${id}`,
});

export async function searchAuthCodes(
  ctx: AppContext,
  query: z.output<typeof AuthCodeSearchQuerySchema>,
): Promise<AuthCodeList> {
  // A search by the last digits answers a few codes only: it is for finding the code a customer reads out.
  const limit = query.suffix ? AUTH_CODE_SUFFIX_LIMIT : AUTH_CODE_LIST_LIMIT;
  const rows = await repo.searchAuthCodes(
    ctx.db,
    { customerId: query.customer, suffix: query.suffix, status: query.status },
    limit + 1,
  );
  return {
    authCodes: rows.slice(0, limit).map(toAuthCode),
    truncated: rows.length > limit,
  };
}

async function loadCode(ctx: AppContext, id: number) {
  const row = await repo.findAuthCode(ctx.db, id);
  if (!row) throw notFound('No auth code has that id.');
  return row;
}

export async function getAuthCode(ctx: AppContext, id: number): Promise<AuthCode> {
  return toAuthCode(await loadCode(ctx, id));
}

/** Draws codes until one is free across the provider (the unique index is the final word). */
async function freeCode(db: Transaction<Database>): Promise<string> {
  for (let i = 0; i < 20; i += 1) {
    const code = generateAuthCode(() => randomInt(10));
    if (!(await repo.codeTaken(db, code))) return code;
  }
  throw new Error('no free auth code after 20 draws');
}

const isUniqueViolation = (err: unknown) =>
  err instanceof Error && /unique|duplicate key/i.test(err.message) && /code/i.test(err.message);

export async function addAuthCode(
  ctx: AppContext,
  staff: Viewer,
  input: z.output<typeof NewAuthCodeSchema>,
  idempotencyKey: string | undefined,
): Promise<{ statusCode: number; body: NewAuthCodeResponse }> {
  const customer = await repo.findCustomer(ctx.db, input.vcCustomerID);
  if (!customer) {
    throw badRequest('No customer account has that number.', { vcCustomerID: 'No customer account has that number.' });
  }
  if (!mayHoldAuthCodes(customer.customer_type)) {
    const message = `Auth codes are for business accounts; ${customer.name} is a ${customer.customer_type} account.`;
    throw badRequest(message, { vcCustomerID: message });
  }
  for (let attempt = 0; ; attempt += 1) {
    // The full code lives only in this variable and the answer: the stored idempotent answer carries null.
    let fullCode: string | null = null;
    try {
      const result = await runIdempotent(
        ctx.db,
        { userId: staff.userId, key: idempotencyKey, route: 'addAuthCode', request: input, now: ctx.now() },
        async (trx) => {
          const now = ctx.now().toISOString();
          const code = await freeCode(trx);
          const id = await repo.insertAuthCode(trx, {
            customerId: customer.id,
            code,
            description: input.description,
            classOfService: input.classOfService,
            createdBy: staff.userId,
            now,
          });
          await audit(trx, {
            ...staffAudit(staff, now, 'add', customer.id, id),
            detail: { description: input.description, classOfService: input.classOfService },
            changes: changesBetween(null, {
              Description: input.description,
              'Class of service': input.classOfService,
              Status: 'pending',
            }),
          });
          fullCode = code;
          return { statusCode: 201, body: { AuthCodeID: id } };
        },
      );
      const authCode = await getAuthCode(ctx, result.body.AuthCodeID);
      return { statusCode: result.statusCode, body: { authCode, code: result.replayed ? null : fullCode } };
    } catch (err) {
      // Two adds drew the same free code at once: the index refused one; draw again.
      if (isUniqueViolation(err) && attempt < 3) continue;
      throw err;
    }
  }
}

export async function updateAuthCode(
  ctx: AppContext,
  staff: Viewer,
  id: number,
  input: z.output<typeof AuthCodeUpdateSchema>,
): Promise<AuthCode> {
  const row = await loadCode(ctx, id);
  const current = apiStatus(row);
  if (current === 'removing') throw conflict('This code is being removed; it cannot be changed.');
  if (input.status !== undefined) {
    const problem = statusChangeProblem(current, input.status);
    if (problem) throw conflict(problem, { status: problem });
  }
  const now = ctx.now().toISOString();
  const changes: RowUpdate<'auth_codes'> = { updated_at: now };
  const changed: Record<string, unknown> = {};
  if (input.description !== undefined && input.description !== row.description) {
    changes.description = input.description;
    changed.description = input.description;
  }
  if (input.classOfService !== undefined && input.classOfService !== row.class_of_service) {
    changes.class_of_service = input.classOfService;
    changed.classOfService = input.classOfService;
  }
  const enabled = input.status === undefined ? row.enabled : input.status === 'active' ? 1 : 0;
  if (enabled !== row.enabled) {
    changes.enabled = enabled;
    changes.status = enabled === 1 ? 'active' : 'suspended';
    changed.status = changes.status;
  }
  // What the switch has to hear again: a new class or state. A failed code waits for its retry.
  const switchChange = changed.classOfService !== undefined || changed.status !== undefined;
  if (switchChange && current !== 'failed') {
    changes.push_action = row.confirmed_at ? 'update' : 'provision';
    changes.push_attempts = 0;
    changes.next_push_at = now;
    changes.last_error = null;
  }
  if (Object.keys(changed).length > 0) {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.updateAuthCode(trx, id, changes, row.version))) {
        throw new HttpError(409, 'conflict', 'The code changed while you edited it; look again and retry.');
      }
      await audit(trx, {
        ...staffAudit(staff, now, 'update', row.customer_id, id),
        detail: changed,
        changes: changesBetween(
          { Description: row.description, 'Class of service': row.class_of_service, Status: current },
          {
            Description: changes.description ?? row.description,
            'Class of service': changes.class_of_service ?? row.class_of_service,
            Status: changes.status ?? current,
          },
        ),
      });
    });
  }
  return getAuthCode(ctx, id);
}

export async function retryAuthCode(ctx: AppContext, staff: Viewer, id: number): Promise<AuthCode> {
  const row = await loadCode(ctx, id);
  if (!mayRetry(apiStatus(row))) {
    throw conflict('Only a failed code can be retried.', { status: 'Only a failed code can be retried.' });
  }
  const now = ctx.now().toISOString();
  const push_action = row.removed_at ? 'remove' : row.confirmed_at ? 'update' : 'provision';
  await ctx.db.transaction().execute(async (trx) => {
    const ok = await repo.updateAuthCode(
      trx,
      id,
      {
        status: row.confirmed_at ? (row.enabled === 1 ? 'active' : 'suspended') : 'pending',
        push_action,
        push_attempts: 0,
        next_push_at: now,
        last_error: null,
        updated_at: now,
      },
      row.version,
    );
    if (!ok) throw new HttpError(409, 'conflict', 'The code changed meanwhile; look again and retry.');
    await audit(trx, { ...staffAudit(staff, now, 'retry', row.customer_id, id), detail: { push: push_action } });
  });
  return getAuthCode(ctx, id);
}

/**
 * Removes a code: one the switch never received is gone at once (its digits cleared); otherwise it shows as
 * removing until the switch has deleted it.
 */
export async function removeAuthCode(ctx: AppContext, staff: Viewer, id: number): Promise<void> {
  const row = await loadCode(ctx, id);
  const now = ctx.now().toISOString();
  const neverSent = row.pushed_at === null;
  await ctx.db.transaction().execute(async (trx) => {
    const changes: RowUpdate<'auth_codes'> = neverSent
      ? { status: 'removed', removed_at: now, push_action: null, code: null, code_reversed: null, updated_at: now }
      : {
          removed_at: row.removed_at ?? now,
          status: row.status === 'failed' ? (row.confirmed_at ? 'active' : 'pending') : row.status,
          push_action: 'remove',
          push_attempts: 0,
          next_push_at: now,
          last_error: null,
          updated_at: now,
        };
    if (!(await repo.updateAuthCode(trx, id, changes, row.version))) {
      throw new HttpError(409, 'conflict', 'The code changed meanwhile; look again and retry.');
    }
    await audit(trx, {
      ...staffAudit(staff, now, 'remove', row.customer_id, id),
      detail: { neverSent },
      changes: changesBetween({ Status: apiStatus(row) }, { Status: neverSent ? 'removed' : 'removing' }),
    });
  });
}

/** The business customer's own codes, masked (the Services page). */
export async function customerAuthCodes(ctx: AppContext, actor: CustomerActor): Promise<CustomerAuthCode[]> {
  const rows = await repo.codesOfCustomer(ctx.db, actor.customerId, AUTH_CODE_LIST_LIMIT);
  return rows.map((r) => ({
    AuthCodeID: r.id,
    maskedCode: maskedOf(r.code_reversed),
    description: r.description,
    classOfService: r.class_of_service as ClassOfService,
    status: apiStatus(r),
    createdAt: r.created_at,
  }));
}
