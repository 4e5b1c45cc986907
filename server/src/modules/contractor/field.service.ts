/**
 * The contractor's calendar (getCalendarEvents), map (getMapData with the GIS object ids, getGISObjectIds) and
 * restoration tickets (selectRestorationTickets, addRestorationTicketNote, viewTroubleTicketImage).
 */
import {
  CONTRACTOR_MAP_FEATURE_LIMIT,
  type ContractorCalendarEvent,
  type ContractorMapData,
  ContractorMapGeometrySchema,
  fullAddress,
  type RestorationNote,
  type RestorationTicket,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertOwnedByCompany, companyOf } from '../access/access.policy.js';
import { userNameOf } from './contractor.policy.js';
import { isRowComplete } from './contractor-work-orders.service.js';
import * as repo from './field.repository.js';

export async function calendarEvents(
  ctx: AppContext,
  user: Viewer,
  start: string,
  end: string,
): Promise<ContractorCalendarEvent[]> {
  const rows = await repo.findCalendarEvents(
    ctx.db,
    companyOf(user),
    new Date(start).toISOString(),
    new Date(end).toISOString(),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    start: r.starts_at,
    end: r.ends_at,
    WorkOrderID: r.work_order_id,
    vcStatus: r.status,
  }));
}

/** Plant layers drawn around the work orders for context (SPEC §9 ids): buildings, drops, structures, fiber. */
export const CONTEXT_LAYERS = [2, 3, 5, 9, 10, 11, 14] as const;
/** About 330 m around each work order. */
const CONTEXT_RADIUS_DEG = 0.003;

export async function mapData(ctx: AppContext, user: Viewer): Promise<ContractorMapData> {
  const rows = await repo.findMapWorkOrders(ctx.db, companyOf(user));
  const workOrders = rows.map((r) => ({
    nCount: r.id,
    vcWorkOrderType: r.type_description,
    vcStatus: r.status,
    isComplete: isRowComplete(r),
    acknowledged: r.acknowledged_at !== null,
    vcCustomerName: r.customer_name,
    vcAddress: fullAddress(r) ?? '',
    Latitude: Number(r.latitude),
    Longitude: Number(r.longitude),
    vcGISObjectID: r.gis_object_id,
  }));
  const boxes = workOrders.map((w) => ({
    south: w.Latitude - CONTEXT_RADIUS_DEG,
    north: w.Latitude + CONTEXT_RADIUS_DEG,
    west: w.Longitude - CONTEXT_RADIUS_DEG,
    east: w.Longitude + CONTEXT_RADIUS_DEG,
  }));
  const featureRows = await repo.findFeaturesIn(ctx.db, CONTEXT_LAYERS, boxes, CONTRACTOR_MAP_FEATURE_LIMIT);
  const features = featureRows.flatMap((f) => {
    // A feature whose stored geometry is not one the map draws is left out rather than failing the whole map.
    const geometry = ContractorMapGeometrySchema.safeParse(safeJson(f.geometry));
    return geometry.success ? [{ id: f.id, layerId: f.layer_id, name: f.name, geometry: geometry.data }] : [];
  });
  return { workOrders, features };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const toNote = (n: { id: number; author: string; body: string; created_at: string }): RestorationNote => ({
  nNoteID: n.id,
  vcAuthor: n.author,
  txtNote: n.body,
  dtCreated: n.created_at,
});

export async function restorationTickets(
  ctx: AppContext,
  user: Viewer,
  status: string | undefined,
): Promise<RestorationTicket[]> {
  const tickets = await repo.findRestorationTickets(ctx.db, companyOf(user), status);
  const notes = await repo.findNotesOf(
    ctx.db,
    tickets.map((t) => t.id),
  );
  const notesOf = new Map<number, RestorationNote[]>();
  for (const n of notes) notesOf.set(n.ticket_id, [...(notesOf.get(n.ticket_id) ?? []), toNote(n)]);
  return tickets.map((t) => ({
    nTicketID: t.id,
    WorkOrderID: t.work_order_id,
    vcWorkOrderType: t.type_description,
    vcAddress: t.address,
    txtDescription: t.description,
    vcStatus: t.status,
    hasImage: t.image_key !== null,
    dtCreated: t.created_at,
    notes: notesOf.get(t.id) ?? [],
  }));
}

/** addRestorationTicketNote, signed with the user's name; a retried add (same key) adds nothing. */
export async function addRestorationNote(
  ctx: AppContext,
  user: Viewer,
  ticketId: number,
  text: string,
  idempotencyKey: string | undefined,
): Promise<RestorationNote> {
  assertOwnedByCompany(user, await repo.findTicket(ctx.db, ticketId), 'restoration ticket');
  const now = ctx.now();
  const result = await runIdempotent(
    ctx.db,
    { userId: user.userId, key: idempotencyKey, route: `contractor.restoration-note:${ticketId}`, request: text, now },
    async (trx) => {
      const row = { ticket_id: ticketId, author: userNameOf(user), body: text, created_at: now.toISOString() };
      const inserted = await trx
        .insertInto('restoration_ticket_notes')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return { statusCode: 201, body: toNote({ id: inserted.id, ...row }) };
    },
  );
  return result.body;
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** viewTroubleTicketImage: the ticket's image, for the ticket's company only. */
export async function ticketImage(ctx: AppContext, user: Viewer, ticketId: number) {
  const ticket = await repo.findTicket(ctx.db, ticketId);
  assertOwnedByCompany(user, ticket, 'restoration ticket');
  if (!ticket.image_key) throw notFound('This restoration ticket has no image.');
  const ext = ticket.image_key.split('.').pop()?.toLowerCase() ?? '';
  const file = await ctx.files.open(ticket.image_key, { sha256: ticket.image_sha256 });
  return { ...file, contentType: IMAGE_TYPES[ext] ?? 'application/octet-stream' };
}

/** Restoration tickets not yet complete, of every company: what staff may tie an outage notice to. */
export async function openRestorationTickets(ctx: AppContext) {
  return repo.findOpenRestorationTickets(ctx.db);
}

/** One restoration ticket's id, address, status and description (staff), or undefined. */
export async function restorationTicketSummary(ctx: AppContext, ticketId: number) {
  return repo.findRestorationTicketSummary(ctx.db, ticketId);
}
