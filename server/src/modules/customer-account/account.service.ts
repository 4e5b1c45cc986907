/** The account overview the portal starts from: who is signed in, what they may do, and the account's locations. */

import type { CustomerAccount } from '@strand/domain';
import { fullAddress } from '@strand/domain';
import type { AppContext } from '../../context.js';
import * as repo from './account.repository.js';
import { assertOwned, type CustomerActor } from './customer-access.policy.js';

export async function getAccount(ctx: AppContext, actor: CustomerActor): Promise<CustomerAccount> {
  const [service, mailing] = await Promise.all([
    repo.serviceLocationsOf(ctx.db, actor.customerId),
    repo.mailingLocationsOf(ctx.db, actor.customerId),
  ]);
  return {
    vcCustomerID: actor.customerId,
    vcCustomerName: actor.customerName,
    vcCustomerType: actor.customerType,
    vcCustomerStatus: actor.customerStatus,
    nUserID: actor.userId,
    isAdmin: actor.isAdmin,
    isSuperUser: actor.isSuperUser,
    permissions: [...actor.permissions],
    serviceLocations: service.map((s) => ({ ServiceLocationID: s.id, fullAddress: fullAddress(s) })),
    mailingLocations: mailing.map((m) => ({ MailingLocationID: m.id, fullAddress: fullAddress(m) })),
  };
}

/** One of the actor's service locations: 404 when there is none with that id, 403 when it is another account's. */
export async function ownServiceLocation(ctx: AppContext, actor: CustomerActor, serviceLocationId: number) {
  const location = await repo.findServiceLocation(ctx.db, serviceLocationId);
  assertOwned(actor, location, 'service location');
  return location;
}
