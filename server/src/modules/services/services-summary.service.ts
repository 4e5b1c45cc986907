/**
 * Which services the account has (issue 28): the Services page lists Email, Fax and TV only for an account that has
 * them, instead of "No fax numbers on this account" for every residential customer. TV is an active TV package
 * (asked of the TV module's service).
 */
import type { ServicesSummary } from '@strand/domain';
import type { AppContext } from '../../context.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { tvService } from '../tv/tv.service.js';
import { hasFaxNumber, hasMailbox } from './services-summary.repository.js';

export async function servicesSummary(ctx: AppContext, actor: CustomerActor): Promise<ServicesSummary> {
  const [email, fax, tv] = await Promise.all([
    hasMailbox(ctx.db, actor.customerId),
    hasFaxNumber(ctx.db, actor.customerId),
    tvService(ctx, actor),
  ]);
  return { email, fax, tv: tv.packages.length > 0 };
}
