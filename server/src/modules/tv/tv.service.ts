/**
 * TV app credentials (SPEC §7 Other: "a call to an internal host for TV credentials by customer id"). The server asks
 * the TV middleware (ctx.tv) by the session's customer id; the browser never talks to it. Revealing and resetting are
 * audited (never the password itself). A middleware that does not answer is a 503 with a plain sentence.
 */
import { fullAddress, TV_MIDDLEWARE_DOWN_MESSAGE, type TvCredentials, type TvService } from '@strand/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { TvMiddlewareUnavailable } from '../../integrations/tv/tv-middleware.js';
import { changesBetween } from '../../lib/audit.js';
import { HttpError } from '../../lib/errors.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { actorWith, auditCustomerWrite } from '../customer-account/customer-access.service.js';
import { assertHasTv } from './tv.policy.js';
import * as repo from './tv.repository.js';

/** The customer asking (the `services` category, SPEC §6); the account sent to the middleware is always its own. */
export const tvActor = (ctx: AppContext, req: FastifyRequest): Promise<CustomerActor> =>
  actorWith(ctx, req, 'services');

export async function tvService(ctx: AppContext, actor: CustomerActor): Promise<TvService> {
  const rows = await repo.activeTvPackagesOf(ctx.db, actor.customerId);
  return {
    appName: ctx.config.tv.appName,
    packages: rows.map((r) => ({ PackageName: r.name, StartDate: r.start_date, fullAddress: fullAddress(r) })),
  };
}

async function askMiddleware<T>(ctx: AppContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof TvMiddlewareUnavailable)) throw err;
    ctx.log.warn({ err }, 'TV middleware did not answer');
    throw new HttpError(503, 'tv_middleware_unavailable', TV_MIDDLEWARE_DOWN_MESSAGE);
  }
}

async function audited(ctx: AppContext, actor: CustomerActor, action: string, username: string) {
  const at = ctx.now().toISOString();
  // A reset changes the sign-in's password: the entry says so, never the password itself.
  const changes = action.endsWith('.reset') ? changesBetween({ Password: null }, { Password: 'new' }) : undefined;
  await ctx.db.transaction().execute((trx) => auditCustomerWrite(trx, actor, at, action, 'tv', { username }, changes));
}

/** Shows the credentials (asked of the middleware at that moment). */
export async function revealTvCredentials(ctx: AppContext, actor: CustomerActor): Promise<TvCredentials> {
  assertHasTv(await repo.activeTvPackagesOf(ctx.db, actor.customerId));
  const credentials = await askMiddleware(ctx, () => ctx.tv.credentials(actor.customerId));
  await audited(ctx, actor, 'tv.credentials.reveal', credentials.username);
  return credentials;
}

/** Has the middleware issue new credentials; the old password stops working. */
export async function resetTvCredentials(ctx: AppContext, actor: CustomerActor): Promise<TvCredentials> {
  assertHasTv(await repo.activeTvPackagesOf(ctx.db, actor.customerId));
  const credentials = await askMiddleware(ctx, () => ctx.tv.resetCredentials(actor.customerId));
  await audited(ctx, actor, 'tv.credentials.reset', credentials.username);
  return credentials;
}
