/**
 * What ordering leaves for staff (issue 12): temporary service locations to confirm or reject, and the service
 * areas' status, whose change tells the leads waiting there.
 *
 * - Confirming a temporary location stores the standardized address and position staff found in our address data
 *   (so the next check of it is verified), moves the service locations of the orders placed there to it (each order
 *   gets a timeline note), and mails the orders' customers; leads at it are told when its area sells fiber.
 * - Rejecting keeps the reason, refused while an order waits on the location (cancel it first: that refunds it);
 *   the leads at it are told why.
 * - An area's status (its layer of the map) changes in one transaction with the area index; when it now sells fiber
 *   every waiting lead inside is mailed "Fiber is now available at …" with a link to /order filled in.
 * A lead is told once: claimed with a conditional update (notified_at) before its mail is sent, so a second round, a
 * second instance or a retried request never mails it again.
 */
import {
  AREA_KIND_LABELS,
  AREA_LAYER,
  type AreaKind,
  addressKey,
  availabilityOf,
  boundsOf,
  type ConfirmTempLocationSchema,
  displayStreet,
  lookupZip,
  normalizeUnit,
  parseStreetLine,
  pointInPolygon,
  type StaffServiceArea,
  type StaffTempLocation,
  type TempLocationQuerySchema,
  type TempLocationStatus,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { orderRecipients, recordOrderEvent } from '../orders/orders.service.js';
import * as availabilityRepo from './availability.repository.js';
import { areasAt, assertPlaceAgrees, type Place, standardAddress } from './availability.service.js';
import * as checkoutRepo from './checkout.repository.js';
import { mayOrderIn } from './ordering.policy.js';
import * as reviewRepo from './staff-review.repository.js';

export interface StaffActor {
  userId: number;
  employeeId: number | null;
}

const lineOf = (p: Place) => standardAddress({ ...p, zip_four: null, county: null }).line;

/** The /order link that fills the address in (the visitor checks it with one click). */
function orderLink(ctx: AppContext, p: Place): string {
  const q = new URLSearchParams({
    line1: `${p.number} ${displayStreet(p.street)}`,
    unit: p.unit,
    city: p.city,
    state: p.state,
    zip: p.zip,
  });
  return `${ctx.config.publicUrl}/order?${q.toString()}`;
}

/** Tells leads once each (claimed before the mail); answers how many were told. */
async function tellLeads(
  ctx: AppContext,
  leads: { id: number; email: string; name: string }[],
  mail: (lead: { email: string; name: string }) => { subject: string; text: string },
): Promise<number> {
  let told = 0;
  for (const lead of leads) {
    if (!(await reviewRepo.claimLead(ctx.db, lead.id, ctx.now().toISOString()))) continue;
    told++;
    try {
      await ctx.mailer.send({ to: lead.email, ...mail(lead) });
    } catch (err) {
      ctx.log.error({ err, leadId: lead.id }, 'lead mail failed');
    }
  }
  return told;
}

function fiberIsHere(ctx: AppContext, p: Place) {
  const provider = ctx.config.shell.providerName;
  // The lead's email was never verified: the mail carries no text the visitor typed (their name), only our own and
  // the address as our data or staff standardized it.
  return () => ({
    subject: `${provider}: fiber is now available at ${lineOf(p)}`,
    text: [
      'Hello,',
      '',
      `Fiber is now available at ${lineOf(p)}. You asked us to tell you: you can order it now.`,
      '',
      `Order here (the address is filled in): ${orderLink(ctx, p)}`,
      '',
      'This is the only message we send about it.',
    ].join('\n'),
  });
}

// ---- temporary service locations -------------------------------------------------------------------------------

async function toView(ctx: AppContext, rows: availabilityRepo.TempLocationRow[]): Promise<StaffTempLocation[]> {
  const orders = await reviewRepo.ordersAtTempLocations(
    ctx.db,
    rows.map((r) => r.id),
  );
  const leads = await reviewRepo.waitingLeadsAt(
    ctx.db,
    rows.map((r) => r.address_key),
  );
  const views: StaffTempLocation[] = [];
  for (const r of rows) {
    const kind =
      (r.area_kind as AreaKind | null) ??
      (r.latitude !== null && r.longitude !== null ? (await areasAt(ctx, r.latitude, r.longitude)).kind : 'outside');
    views.push({
      tempLocationId: r.id,
      status: r.status as TempLocationStatus,
      typed: lineOf(r),
      line1: `${r.number} ${displayStreet(r.street)}`,
      unit: r.unit,
      city: r.city,
      state: r.state,
      zip: r.zip,
      county: r.county,
      latitude: r.latitude,
      longitude: r.longitude,
      precision: r.precision,
      areaKind: kind,
      createdAt: r.created_at,
      reviewedAt: r.confirmed_at,
      rejectReason: r.reject_reason,
      orders: orders
        .filter((o) => o.temp_location_id === r.id)
        .map((o) => ({
          orderId: o.id,
          vcCustomerID: o.customer_id,
          customerName: o.name,
          status: o.status as StaffTempLocation['orders'][number]['status'],
        })),
      waitingLeads: leads.filter((l) => l.address_key === r.address_key).length,
    });
  }
  return views;
}

/**
 * A page of the temporary locations of a status: those with an order waiting first (a paying customer's new address
 * is never buried under visitors' checks), then the newest; `q` searches the address, every word of it.
 */
export async function listTempLocations(ctx: AppContext, query: z.output<typeof TempLocationQuerySchema>) {
  const { rows, total } = await reviewRepo.tempLocationsPage(ctx.db, query);
  return { tempLocations: await toView(ctx, rows), total, limit: query.limit, offset: query.offset };
}

async function unconfirmed(ctx: AppContext, id: number) {
  const row = await availabilityRepo.findTempLocation(ctx.db, id);
  if (!row) throw notFound('There is no such temporary service location.');
  if (row.status !== 'unconfirmed') {
    throw conflict(`Temporary service location ${id} was ${row.status} already.`);
  }
  return row;
}

async function viewOf(ctx: AppContext, id: number) {
  const row = await availabilityRepo.findTempLocation(ctx.db, id);
  if (!row) throw notFound('There is no such temporary service location.');
  const [view] = await toView(ctx, [row]);
  if (!view) throw notFound('There is no such temporary service location.');
  return view;
}

export async function confirmTempLocation(
  ctx: AppContext,
  by: StaffActor,
  id: number,
  input: z.output<typeof ConfirmTempLocationSchema>,
) {
  const temp = await unconfirmed(ctx, id);
  assertPlaceAgrees(input);
  const parsed = parseStreetLine(input.line1);
  const place = lookupZip(input.zip);
  if (!parsed || !place) {
    const message = 'Street address starts with the house number, like 2208 Clark Ln.';
    throw badRequest(message, { line1: message });
  }
  const unit = normalizeUnit(input.unit);
  const std: Place = {
    number: parsed.number,
    street: parsed.street,
    unit,
    city: place.city,
    state: place.state,
    zip: input.zip,
  };
  const key = addressKey({ ...parsed, unit, zip: input.zip });
  const area = await areasAt(ctx, input.latitude, input.longitude);
  const orders = await reviewRepo.ordersAtTempLocations(ctx.db, [id]);
  const now = ctx.now().toISOString();
  const line = lineOf(std);

  await ctx.db.transaction().execute(async (trx) => {
    const addressId = await reviewRepo.ensureAddress(trx, {
      number: std.number,
      street: std.street,
      unit,
      city: std.city,
      state: std.state,
      zip: std.zip,
      zip_four: null,
      county: place.county,
      latitude: input.latitude,
      longitude: input.longitude,
      address_key: key,
      service_location_id: null,
    });
    const moved = await reviewRepo.reviewTempLocation(trx, id, {
      status: 'confirmed',
      confirmed_at: now,
      confirmed_by_employee_id: by.employeeId,
      address_id: addressId,
      area_kind: area.kind,
      latitude: input.latitude,
      longitude: input.longitude,
    });
    if (!moved) throw conflict(`Temporary service location ${id} was reviewed by someone else meanwhile.`);
    for (const o of orders) {
      if (o.service_location_id === null) continue;
      await reviewRepo.setLocationAddress(trx, o.service_location_id, {
        address: `${std.number} ${displayStreet(std.street)}`,
        address2: unit === '' ? null : unit,
        city: std.city,
        state: std.state,
        zip: std.zip,
        latitude: input.latitude,
        longitude: input.longitude,
      });
      await checkoutRepo.linkAddressToLocation(trx, addressId, o.service_location_id);
      await recordOrderEvent(trx, o.id, 'note', `Address confirmed: ${line}.`, by, now);
    }
    await audit(trx, {
      at: now,
      userId: by.userId,
      employeeId: by.employeeId,
      action: 'ordering.temp-location.confirmed',
      subject: `temp_service_location:${id}`,
      detail: {
        typed: lineOf(temp),
        confirmed: line,
        latitude: input.latitude,
        longitude: input.longitude,
        areaKind: area.kind,
        orders: orders.map((o) => o.id),
      },
    });
  });

  // After the commit: the orders' customers, then the leads (when fiber is sold there).
  const provider = ctx.config.shell.providerName;
  let customersTold = 0;
  for (const o of orders) {
    for (const r of await orderRecipients(ctx.db, o.customer_id, o.placed_by_user_id)) {
      try {
        await ctx.mailer.send({
          to: r.email,
          subject: `${provider}: your address is confirmed (order ${o.id})`,
          text: `Hello ${r.first_name},\n\nWe confirmed the address of your order ${o.id}: ${line}. Nothing changes for your install.\n\nFollow the order at /orders/${o.id}.\n`,
        });
        customersTold++;
      } catch (err) {
        ctx.log.error({ err, orderId: o.id }, 'address confirmation mail failed');
      }
    }
  }
  const leadsTold = mayOrderIn(area.kind)
    ? await tellLeads(
        ctx,
        await reviewRepo.waitingLeadsAt(ctx.db, [...new Set([temp.address_key, key])]),
        fiberIsHere(ctx, std),
      )
    : 0;
  const availability = availabilityOf(area.kind);
  return {
    tempLocation: await viewOf(ctx, id),
    customersTold,
    leadsTold,
    message: `${line} is confirmed (${availability.replace('_', ' ')}). ${orders.length} order${orders.length === 1 ? '' : 's'} moved to it, ${customersTold} customer${customersTold === 1 ? '' : 's'} and ${leadsTold} lead${leadsTold === 1 ? '' : 's'} told.`,
  };
}

export async function rejectTempLocation(ctx: AppContext, by: StaffActor, id: number, reason: string) {
  const temp = await unconfirmed(ctx, id);
  const open = await reviewRepo.ordersAtTempLocations(ctx.db, [id]);
  if (open.length > 0) {
    const list = open.map((o) => `#${o.id}`).join(', ');
    const message = `Order ${list} waits on this address: cancel it first (the customer is refunded), then reject the address.`;
    throw conflict(message, { reason: message });
  }
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await reviewRepo.reviewTempLocation(trx, id, {
      status: 'rejected',
      confirmed_at: now,
      confirmed_by_employee_id: by.employeeId,
      reject_reason: reason,
    });
    if (!moved) throw conflict(`Temporary service location ${id} was reviewed by someone else meanwhile.`);
    await audit(trx, {
      at: now,
      userId: by.userId,
      employeeId: by.employeeId,
      action: 'ordering.temp-location.rejected',
      subject: `temp_service_location:${id}`,
      detail: { typed: lineOf(temp), reason },
    });
  });
  const provider = ctx.config.shell.providerName;
  const line = lineOf(temp);
  // To unverified emails: nothing the visitor typed (their name, the address as typed), only our text and staff's.
  const leadsTold = await tellLeads(ctx, await reviewRepo.waitingLeadsAt(ctx.db, [temp.address_key]), () => ({
    subject: `${provider}: about the address you gave us for fiber`,
    text: [
      'Hello,',
      '',
      `We looked at the address you gave us and could not confirm it: ${reason}`,
      '',
      `If the address is right, check it again at ${ctx.config.publicUrl}/order or answer this message.`,
    ].join('\n'),
  }));
  return {
    tempLocation: await viewOf(ctx, id),
    customersTold: 0,
    leadsTold,
    message: `${line} is rejected; ${leadsTold} lead${leadsTold === 1 ? '' : 's'} told why.`,
  };
}

// ---- service areas ---------------------------------------------------------------------------------------------

const boxOf = (a: reviewRepo.ServiceAreaRow) => ({
  minLat: a.min_lat,
  maxLat: a.max_lat,
  minLng: a.min_lng,
  maxLng: a.max_lng,
});

async function leadsInside(ctx: AppContext, a: reviewRepo.ServiceAreaRow) {
  const geometry = JSON.parse(a.geometry);
  const rows = await reviewRepo.waitingLeadsInBox(ctx.db, boxOf(a));
  return rows.filter((r) => pointInPolygon(Number(r.latitude), Number(r.longitude), geometry));
}

async function areaView(ctx: AppContext, a: reviewRepo.ServiceAreaRow): Promise<StaffServiceArea> {
  return {
    areaId: a.map_feature_id,
    name: a.name,
    areaKind: a.area_kind as StaffServiceArea['areaKind'],
    waitingLeads: (await leadsInside(ctx, a)).length,
  };
}

export async function listServiceAreas(ctx: AppContext) {
  const areas: StaffServiceArea[] = [];
  for (const a of await reviewRepo.serviceAreas(ctx.db)) areas.push(await areaView(ctx, a));
  return { areas };
}

export async function changeServiceArea(
  ctx: AppContext,
  by: StaffActor,
  id: number,
  kind: StaffServiceArea['areaKind'],
) {
  const area = await reviewRepo.serviceArea(ctx.db, id);
  if (!area) throw notFound('There is no such service area.');
  if (!boundsOf(JSON.parse(area.geometry))) throw notFound('There is no such service area.');
  const now = ctx.now().toISOString();
  if (area.area_kind !== kind) {
    await ctx.db.transaction().execute(async (trx) => {
      await reviewRepo.setAreaKind(trx, id, kind, AREA_LAYER[kind]);
      await audit(trx, {
        at: now,
        userId: by.userId,
        employeeId: by.employeeId,
        action: 'ordering.service-area.changed',
        subject: `service_area:${id}`,
        detail: { name: area.name, from: area.area_kind, to: kind },
      });
    });
  }
  const changed = { ...area, area_kind: kind };
  let leadsTold = 0;
  if (mayOrderIn(kind)) {
    // Each lead's own address decides (it may lie where another area still says otherwise).
    for (const lead of await leadsInside(ctx, changed)) {
      const here = await areasAt(ctx, Number(lead.latitude), Number(lead.longitude));
      if (!mayOrderIn(here.kind)) continue;
      leadsTold += await tellLeads(ctx, [lead], fiberIsHere(ctx, lead));
    }
  }
  return {
    area: await areaView(ctx, changed),
    leadsTold,
    message: `${area.name} is now: ${AREA_KIND_LABELS[kind]}${mayOrderIn(kind) ? `; ${leadsTold} waiting lead${leadsTold === 1 ? '' : 's'} told fiber is available` : ''}.`,
  };
}
