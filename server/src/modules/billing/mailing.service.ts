/** The mailing address of bills (getMailingLocationObject, updateAddress) and the ZIP lookup (zipCodeLookUp). */
import { type AddressUpdateSchema, lookupZip, type MailingLocation, type ZipLookup } from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { changesBetween } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { assertOwned, type CustomerActor } from '../customer-account/customer-access.policy.js';
import { auditCustomerWrite } from '../customer-account/customer-access.service.js';
import * as repo from './billing.repository.js';

type MailingRow = NonNullable<Awaited<ReturnType<typeof repo.findMailingLocation>>>;

const toMailingLocation = (row: MailingRow): MailingLocation => ({
  MailingLocationID: row.id,
  vcAddress: row.address,
  vcAddress2: row.address2,
  vcCity: row.city,
  vcState: row.state,
  vcZip: row.zip,
  vcZipFour: row.zip_four,
});

export async function mailingLocations(ctx: AppContext, actor: CustomerActor): Promise<MailingLocation[]> {
  return (await repo.mailingLocationsOf(ctx.db, actor.customerId)).map(toMailingLocation);
}

export async function updateAddress(
  ctx: AppContext,
  actor: CustomerActor,
  mailingLocationId: number,
  input: z.output<typeof AddressUpdateSchema>,
): Promise<MailingLocation> {
  const row = await repo.findMailingLocation(ctx.db, mailingLocationId);
  assertOwned(actor, row, 'mailing location');
  const values = {
    address: input.vcAddress,
    address2: input.vcAddress2,
    city: input.vcCity,
    state: input.vcState,
    zip: input.vcZip,
    zip_four: input.vcZipFour,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateMailingAddress(trx, mailingLocationId, values);
    const shown = (v: typeof values) => ({
      Address: [v.address, v.address2].filter(Boolean).join(', '),
      City: v.city,
      State: v.state,
      ZIP: [v.zip, v.zip_four].filter(Boolean).join('-'),
    });
    await auditCustomerWrite(
      trx,
      actor,
      ctx.now().toISOString(),
      'mailing-address.update',
      mailingLocationId,
      { from: [row.address, row.city, row.state, row.zip].join(', ') },
      changesBetween(shown(row), shown(values)),
    );
  });
  return toMailingLocation({ ...row, ...values });
}

export function zipLookup(zip: string): ZipLookup {
  const place = lookupZip(zip);
  if (!place) {
    throw notFound(
      `ZIP code ${zip} is outside our service area, so we cannot fill in the city; type the city and state.`,
    );
  }
  return { vcZip: zip, vcCity: place.city, vcState: place.state };
}
