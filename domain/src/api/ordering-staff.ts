/**
 * Staff review of what ordering leaves for people (issue 12): temporary service locations (an address not in our
 * address data, kept as typed) confirmed with a standardized address and position, or rejected with a reason; and the
 * service areas' status (the map's service-area layers), whose change tells the leads waiting inside once.
 * Sales staff (and admins) own both.
 */
import { z } from 'zod';
import { cleanLine, cleanText } from '../clean-text.js';
import { AreaKindSchema, OrderStatusSchema } from '../orders.js';
import { AddressInputSchema } from './ordering.js';

export const TempLocationStatusSchema = z.enum(['unconfirmed', 'confirmed', 'rejected']);
export type TempLocationStatus = z.infer<typeof TempLocationStatusSchema>;

export const TempLocationParamsSchema = z.object({
  tempLocationId: z.coerce
    .number({ error: 'tempLocationId must be a whole number.' })
    .int('tempLocationId must be a whole number.')
    .positive('tempLocationId must be a whole number.'),
});

export const TEMP_LOCATION_PAGE_MAX = 200;
export const TEMP_LOCATION_PAGE_DEFAULT = 50;

/** A page of the list: those with orders first, then the newest; `q` searches the address (every word must match). */
export const TempLocationQuerySchema = z.object({
  status: TempLocationStatusSchema.default('unconfirmed'),
  q: cleanLine().trim().max(100, 'Search must be at most 100 characters.').default(''),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${TEMP_LOCATION_PAGE_MAX}.` })
    .int(`limit must be a whole number from 1 to ${TEMP_LOCATION_PAGE_MAX}.`)
    .min(1, `limit must be a whole number from 1 to ${TEMP_LOCATION_PAGE_MAX}.`)
    .max(TEMP_LOCATION_PAGE_MAX, `limit must be a whole number from 1 to ${TEMP_LOCATION_PAGE_MAX}.`)
    .default(TEMP_LOCATION_PAGE_DEFAULT),
  offset: z.coerce
    .number({ error: 'offset must be a whole number from 0 to 1000000.' })
    .int('offset must be a whole number from 0 to 1000000.')
    .min(0, 'offset must be a whole number from 0 to 1000000.')
    .max(1_000_000, 'offset must be a whole number from 0 to 1000000.')
    .default(0),
});
export type TempLocationQuery = z.input<typeof TempLocationQuerySchema>;

export const TempLocationOrderSchema = z.object({
  orderId: z.number().int(),
  vcCustomerID: z.string(),
  customerName: z.string(),
  status: OrderStatusSchema,
});

export const StaffTempLocationSchema = z.object({
  tempLocationId: z.number().int(),
  status: TempLocationStatusSchema,
  /** The address as the visitor typed it (normalized): "4100 Prairie View Rd, Columbia, MO 65202". */
  typed: z.string(),
  line1: z.string(),
  unit: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  county: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** How the position was guessed: 'street' (its street's known numbers), 'zip', or null (none). */
  precision: z.string().nullable(),
  /** The service area at the (guessed or confirmed) position. */
  areaKind: AreaKindSchema,
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Orders placed at it (not cancelled ones). */
  orders: z.array(TempLocationOrderSchema),
  /** Notify-me and sign-up leads at it not yet told. */
  waitingLeads: z.number().int(),
});
export type StaffTempLocation = z.infer<typeof StaffTempLocationSchema>;

export const StaffTempLocationListSchema = z.object({
  /** This page: those with orders first, then the newest. */
  tempLocations: z.array(StaffTempLocationSchema),
  /** How many match the status and search in all. */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

const coordinate = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number from -${max} to ${max}.` })
    .min(-max, `${label} must be a number from -${max} to ${max}.`)
    .max(max, `${label} must be a number from -${max} to ${max}.`);

/** The standardized address and its position, as staff found them (on the map, from the county's records). */
export const ConfirmTempLocationSchema = AddressInputSchema.extend({
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
});
export type ConfirmTempLocation = z.input<typeof ConfirmTempLocationSchema>;

export const REJECT_REASON_MAX = 500;
export const RejectTempLocationSchema = z.object({
  reason: cleanText()
    .trim()
    .min(3, 'Say why, in 3 to 500 characters (the customer reads it).')
    .max(REJECT_REASON_MAX, 'Say why, in 3 to 500 characters (the customer reads it).'),
});
export type RejectTempLocation = z.input<typeof RejectTempLocationSchema>;

export const TempLocationReviewResultSchema = z.object({
  tempLocation: StaffTempLocationSchema,
  /** Customers of orders told by mail, and leads told. */
  customersTold: z.number().int(),
  leadsTold: z.number().int(),
  message: z.string(),
});
export type TempLocationReviewResult = z.infer<typeof TempLocationReviewResultSchema>;

// ---- service areas ---------------------------------------------------------------------------------------------

export const ServiceAreaParamsSchema = z.object({
  areaId: z.coerce
    .number({ error: 'areaId must be a whole number.' })
    .int('areaId must be a whole number.')
    .positive('areaId must be a whole number.'),
});

export const ServiceAreaKindSchema = AreaKindSchema.exclude(['outside']);

export const StaffServiceAreaSchema = z.object({
  areaId: z.number().int(),
  name: z.string(),
  areaKind: ServiceAreaKindSchema,
  /** Leads inside the area's bounds not yet told. */
  waitingLeads: z.number().int(),
});
export type StaffServiceArea = z.infer<typeof StaffServiceAreaSchema>;

export const StaffServiceAreaListSchema = z.object({ areas: z.array(StaffServiceAreaSchema) });

export const ChangeServiceAreaSchema = z.object({
  areaKind: z.enum(['fiber', 'business_fiber', 'construction', 'signup'], {
    error: 'Status must be fiber, business_fiber, construction or signup.',
  }),
});
export type ChangeServiceArea = z.input<typeof ChangeServiceAreaSchema>;

export const ServiceAreaChangeResultSchema = z.object({
  area: StaffServiceAreaSchema,
  leadsTold: z.number().int(),
  message: z.string(),
});
export type ServiceAreaChangeResult = z.infer<typeof ServiceAreaChangeResultSchema>;

/** The words staff see for an area's status. */
export const AREA_KIND_LABELS: Readonly<Record<z.infer<typeof AreaKindSchema>, string>> = {
  fiber: 'Residential fiber (available)',
  business_fiber: 'Business fiber (available)',
  construction: 'Under construction (coming soon)',
  signup: 'Taking sign-ups',
  outside: 'Not served',
};
