/** Contracts of the contractor's calendar (getCalendarEvents), map (getMapData, getGISObjectIds) and restoration
 * tickets (selectRestorationTickets, addRestorationTicketNote, viewTroubleTicketImage). */
import { z } from 'zod';
import { cleanText } from '../clean-text.js';

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a positive whole number.` })
    .int(`${label} must be a positive whole number.`)
    .positive(`${label} must be a positive whole number.`)
    .max(2_147_483_647, `${label} is too large.`);
const timestamp = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO-8601).` });

/** The calendar asks for the visible range; a month view spans six weeks, so 100 days is plenty. */
export const CONTRACTOR_CALENDAR_MAX_DAYS = 100;
export const ContractorCalendarQuerySchema = z
  .object({ start: timestamp('start'), end: timestamp('end') })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), { message: 'end must be after start.', path: ['end'] })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= CONTRACTOR_CALENDAR_MAX_DAYS * 86_400_000, {
    message: `The range may span at most ${CONTRACTOR_CALENDAR_MAX_DAYS} days.`,
    path: ['end'],
  });
export const ContractorCalendarEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  WorkOrderID: z.number().int().nullable(),
  vcStatus: z.string().nullable(),
});
export const ContractorCalendarEventListSchema = z.array(ContractorCalendarEventSchema);
export type ContractorCalendarEvent = z.infer<typeof ContractorCalendarEventSchema>;

const position = z.tuple([z.number(), z.number()]);
export const ContractorMapGeometrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: position }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(position) }),
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
]);
export type ContractorMapGeometry = z.infer<typeof ContractorMapGeometrySchema>;

export const ContractorMapWorkOrderSchema = z.object({
  nCount: z.number().int(),
  vcWorkOrderType: z.string(),
  vcStatus: z.string(),
  isComplete: z.boolean(),
  acknowledged: z.boolean(),
  vcCustomerName: z.string(),
  vcAddress: z.string(),
  Latitude: z.number(),
  Longitude: z.number(),
  /** getGISObjectIds: the GIS object of the work order, where one exists. */
  vcGISObjectID: z.string().nullable(),
});
export type ContractorMapWorkOrder = z.infer<typeof ContractorMapWorkOrderSchema>;
export const ContractorMapFeatureSchema = z.object({
  id: z.number().int(),
  layerId: z.number().int(),
  name: z.string(),
  geometry: ContractorMapGeometrySchema,
});
export type ContractorMapFeature = z.infer<typeof ContractorMapFeatureSchema>;
export const CONTRACTOR_MAP_FEATURE_LIMIT = 3_000;
export const ContractorMapDataSchema = z.object({
  workOrders: z.array(ContractorMapWorkOrderSchema),
  features: z.array(ContractorMapFeatureSchema),
});
export type ContractorMapData = z.infer<typeof ContractorMapDataSchema>;

export const RESTORATION_STATUSES = ['Open', 'In Progress', 'Complete'] as const;
export const RestorationQuerySchema = z.object({
  status: z
    .enum(RESTORATION_STATUSES, { error: `Status must be one of ${RESTORATION_STATUSES.join(', ')}.` })
    .optional(),
});
export const RestorationNoteSchema = z.object({
  nNoteID: z.number().int(),
  vcAuthor: z.string(),
  txtNote: z.string(),
  dtCreated: z.string(),
});
export type RestorationNote = z.infer<typeof RestorationNoteSchema>;
export const RestorationTicketSchema = z.object({
  nTicketID: z.number().int(),
  WorkOrderID: z.number().int().nullable(),
  vcWorkOrderType: z.string().nullable(),
  vcAddress: z.string(),
  txtDescription: z.string(),
  vcStatus: z.string(),
  hasImage: z.boolean(),
  dtCreated: z.string(),
  notes: z.array(RestorationNoteSchema),
});
export type RestorationTicket = z.infer<typeof RestorationTicketSchema>;
export const RestorationTicketListSchema = z.array(RestorationTicketSchema);
export const RestorationTicketParamsSchema = z.object({ ticketId: positiveId('Ticket id') });
export const RESTORATION_NOTE_MAX = 2_000;
export const AddRestorationNoteSchema = z.object({
  txtNote: cleanText()
    .trim()
    .min(1, 'Write a note before adding it.')
    .max(RESTORATION_NOTE_MAX, `A note must be at most ${RESTORATION_NOTE_MAX} characters.`),
});
