/**
 * Paperless billing: one choice per account. Anyone who sees bills sees it; changing it is managing billing, like
 * the mailing address and autopay ("Pay bills"), so on a business account a user without that permission cannot.
 */
import type { Paperless } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { changesBetween } from '../../lib/audit.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { auditCustomerWrite } from '../customer-account/customer-access.service.js';
import { paperlessOf, setPaperless } from './paperless.repository.js';

const onOff = (on: boolean) => (on ? 'On' : 'Off');

export async function getPaperless(ctx: AppContext, actor: CustomerActor): Promise<Paperless> {
  return { paperless: await paperlessOf(ctx.db, actor.customerId), mayChange: actor.permissions.has('billing-pay') };
}

/** The caller has checked "Pay bills"; the account is always the actor's own. */
export async function changePaperless(ctx: AppContext, actor: CustomerActor, paperless: boolean): Promise<Paperless> {
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await paperlessOf(trx, actor.customerId);
    await setPaperless(trx, actor.customerId, paperless);
    const changes = changesBetween({ 'Paperless billing': onOff(before) }, { 'Paperless billing': onOff(paperless) });
    await auditCustomerWrite(trx, actor, now, 'billing.paperless', actor.customerId, { paperless }, changes);
  });
  return getPaperless(ctx, actor);
}
