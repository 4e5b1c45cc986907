/**
 * The installer's work-order API (SPEC §2 "Search area", §3 work order entities, §7 "Installer operations"):
 * the search, the work order object and the views under /search/{WOId}. Field names follow SPEC §3 so the saved
 * copies of issue 5 and the screens read the same shapes.
 */
import { z } from 'zod';
import { DISTANCE_OPTIONS_FT } from '../constants.js';
import { calendarDate } from './calendar-date.js';

// ---- search ----------------------------------------------------------------------------------------------------

/** Rows one search returns at most; the screen says when a search found more (docs/architecture.md). */
export const SEARCH_ROW_LIMIT = 200;

export const WORK_ORDER_SORT_FIELDS = [
  'workOrderId',
  'workOrderType',
  'customerName',
  'eventTitle',
  'eventTime',
  'dueDate',
] as const;
/** The form's choices plus Distance, offered (and the default, nearest first) only for a Nearby search (issue 27). */
export const SEARCH_SORT_FIELDS = [...WORK_ORDER_SORT_FIELDS, 'distance'] as const;
export type WorkOrderSortField = (typeof SEARCH_SORT_FIELDS)[number];

/** A search's sort when it names none: nearest first for Nearby, otherwise latest due date first. */
export function defaultSort(nearby: boolean): { sortBy: WorkOrderSortField; sortOrder: 'asc' | 'desc' } {
  return nearby ? { sortBy: 'distance', sortOrder: 'asc' } : { sortBy: 'dueDate', sortOrder: 'desc' };
}

/** The sort choices of SPEC §2, in the order the form lists them. */
export const WORK_ORDER_SORT_LABELS: Readonly<Record<WorkOrderSortField, string>> = {
  workOrderId: 'Work order id',
  workOrderType: 'Work order type',
  customerName: 'Customer name',
  eventTitle: 'Event title',
  eventTime: 'Event time',
  dueDate: 'Due Date',
  distance: 'Distance',
};

export const SortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrderSchema>;

const flag = (name: string) => z.enum(['0', '1'], { error: `${name} must be '0' or '1'.` });

const coordinate = (label: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,17})?$/, `${label} must be a decimal number.`)
    .transform(Number)
    .refine((v) => Math.abs(v) <= max, `${label} must be between -${max} and ${max}.`);

/**
 * The search's query string: SPEC §7's payload (WorkOrderID, CustomerName, CustomerID, ByAssignment,
 * ShowPendingAssigned, WorkOrderType, Distance, Latitude, Longitude, Address) plus the date filter and the sort.
 * Only filled-in fields are sent. Latitude and Longitude without Distance (the scan page) search within 100 ft.
 */
export const WorkOrderSearchQuerySchema = z
  .object({
    WorkOrderID: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, 'Work Order ID must be a whole number of up to 9 digits.')
      .transform(Number)
      .optional(),
    CustomerName: z
      .string()
      .trim()
      .min(1, 'Customer Name must not be blank.')
      .max(80, 'Customer Name must be at most 80 characters.')
      .optional(),
    CustomerID: z
      .string()
      .trim()
      .regex(/^[0-9-]{1,14}$/, 'Customer ID must look like 0000-0000-0000 (digits and dashes, at most 14).')
      .optional(),
    ByAssignment: flag('ByAssignment').default('0'),
    ShowPendingAssigned: flag('ShowPendingAssigned').default('0'),
    WorkOrderType: z
      .string()
      .trim()
      .min(1, 'Work Order Type must not be blank.')
      .max(80, 'Work Order Type must be at most 80 characters.')
      .optional(),
    Distance: z
      .enum(
        DISTANCE_OPTIONS_FT.map(String) as [string, ...string[]],
        `Distance must be one of ${DISTANCE_OPTIONS_FT.join(', ')} (feet).`,
      )
      .transform(Number)
      .optional(),
    Latitude: coordinate('Latitude', 90).optional(),
    Longitude: coordinate('Longitude', 180).optional(),
    Address: z
      .string()
      .trim()
      .min(1, 'Address must not be blank.')
      .max(120, 'Address must be at most 120 characters.')
      .optional(),
    DateFrom: calendarDate('Date From').optional(),
    DateTo: calendarDate('Date To').optional(),
    SortBy: z.enum(SEARCH_SORT_FIELDS, `SortBy must be one of ${SEARCH_SORT_FIELDS.join(', ')}.`).optional(),
    SortOrder: SortOrderSchema.optional(),
  })
  .superRefine((q, ctx) => {
    const hasLat = q.Latitude !== undefined;
    const hasLon = q.Longitude !== undefined;
    if (hasLat !== hasLon) {
      ctx.addIssue({
        code: 'custom',
        path: [hasLat ? 'Longitude' : 'Latitude'],
        message: 'Latitude and Longitude must be sent together.',
      });
    }
    if (q.Distance !== undefined && !(hasLat && hasLon)) {
      ctx.addIssue({
        code: 'custom',
        path: ['Latitude'],
        message: 'Nearby needs your position: send Latitude and Longitude with Distance.',
      });
    }
    if (q.DateFrom && q.DateTo && q.DateFrom > q.DateTo) {
      ctx.addIssue({ code: 'custom', path: ['DateTo'], message: 'Date To must not be before Date From.' });
    }
    if (q.SortBy === 'distance' && !(hasLat && hasLon)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SortBy'],
        message: 'SortBy distance needs your position: send Latitude and Longitude (Nearby).',
      });
    }
  })
  .transform((q) => {
    const fallback = defaultSort(q.Latitude !== undefined);
    const sortBy = q.SortBy ?? fallback.sortBy;
    return { ...q, SortBy: sortBy, SortOrder: q.SortOrder ?? defaultSort(sortBy === 'distance').sortOrder };
  });
/** What the browser sends (every value a string). */
export type WorkOrderSearchParams = z.input<typeof WorkOrderSearchQuerySchema>;
export type WorkOrderSearchQuery = z.output<typeof WorkOrderSearchQuerySchema>;

/** SPEC §3 "Work order summary", plus the summary line and, for Nearby, the distance. */
export const WorkOrderSummarySchema = z.object({
  nCount: z.number().int(),
  vcWorkOrderType: z.string(),
  vcCustomerName: z.string(),
  vcNextScheduledName: z.string().nullable(),
  /** ISO-8601 UTC timestamp; shown as date then time. */
  vcNextScheduledTime: z.string().nullable(),
  vcColoArea: z.string().nullable(),
  dtDueDate: z.string().nullable(),
  vcSummary: z.string().nullable(),
  /** The service location's street and city, for the card (issue 27). */
  vcAddress: z.string().nullable().optional(),
  /** The due date has passed (provider's calendar) and the work is not done. */
  bOverdue: z.boolean().optional(),
  /** Great-circle feet from the searched point (Nearby searches only). */
  nDistanceFeet: z.number().optional(),
  /** Only for a work order nobody works on yet or any more (issue 12): 'Waiting' for the step before, 'Cancelled'. */
  vcStatus: z.string().optional(),
  /** The work order a 'Waiting' one waits for. */
  nWaitingFor: z.number().int().nullable().optional(),
});
export type WorkOrderSummary = z.infer<typeof WorkOrderSummarySchema>;

export const WorkOrderSearchResultSchema = z.object({
  workOrders: z.array(WorkOrderSummarySchema),
  /** The row cap of this search. */
  limit: z.number().int(),
  /** True when more work orders matched than `limit`. */
  truncated: z.boolean(),
});
export type WorkOrderSearchResult = z.infer<typeof WorkOrderSearchResultSchema>;

/** Work order types: a JSON list of descriptions (SPEC §7). */
export const WorkOrderTypeListSchema = z.array(z.string());

// ---- the work order object -------------------------------------------------------------------------------------

export const WorkOrderIdParamsSchema = z.object({
  WOId: z
    .string()
    .regex(/^\d{1,9}$/, 'The work order id must be a whole number.')
    .transform(Number),
});

export const ContactSchema = z.object({
  ContactMethodID: z.number().int(),
  ContactCategory: z.string(),
  ContactName: z.string(),
  Phone: z.string().nullable(),
  Phone2: z.string().nullable(),
  Email: z.string().nullable(),
});
export type Contact = z.infer<typeof ContactSchema>;

/** SPEC §3 "Work order object", with the counts the home's buttons depend on. */
export const WorkOrderObjectSchema = z.object({
  WorkOrderID: z.number().int(),
  nServiceLocationID: z.number().int().nullable(),
  ContactMethods: z.object({ contactMethodsArray: z.array(ContactSchema) }),
  Customer: z.object({ vcCustomerID: z.string(), vcCustomerName: z.string(), vcCustomerStatus: z.string() }),
  ServiceLocationDetails: z
    .object({
      fullAddress: z.string(),
      ServiceLocationID: z.number().int(),
      Latitude: z.number(),
      Longitude: z.number(),
    })
    .nullable(),
  WorkOrderType: z.object({ vcClass: z.string(), vcDescription: z.string(), vcViewFile: z.string() }),
  WorkOrderDetails: z.object({
    /** The work-order detail id (the GIS lookup's second key). */
    nCount: z.number().int().nullable(),
    nOrderID: z.number().int().nullable(),
    dtLastUpdated: z.string(),
  }),
  WorkOrderAssignments: z.array(z.object({ Name: z.string() })),
  WorkOrder: z.object({
    vcColoArea: z.string().nullable(),
    vcStatus: z.string(),
    vcSummary: z.string().nullable(),
    vcNextScheduledName: z.string().nullable(),
    vcNextScheduledTime: z.string().nullable(),
    dtDueDate: z.string().nullable(),
  }),
  SalesOrderDetails: z.object({ nOrderID: z.number().int(), txtNotes: z.string().nullable() }).nullable(),
  /** How many of each the views would list: Circuit Stats shows only when circuits exist (SPEC §2). */
  Counts: z.object({ circuits: z.number().int(), attachments: z.number().int(), notes: z.number().int() }),
  /** False when the physical plant config is missing or all its values are null (the button is hidden). */
  hasPhysicalPlantConfig: z.boolean(),
});
export type WorkOrderObject = z.infer<typeof WorkOrderObjectSchema>;

// ---- views -----------------------------------------------------------------------------------------------------

export const WorkOrderNoteSchema = z.object({
  nNoteID: z.number().int(),
  vcAuthor: z.string(),
  txtNote: z.string(),
  dtCreated: z.string(),
});
export const WorkOrderNoteListSchema = z.array(WorkOrderNoteSchema);
export type WorkOrderNote = z.infer<typeof WorkOrderNoteSchema>;

export const PackageSchema = z.object({
  PackageID: z.number().int(),
  MasterID: z.number().int(),
  PackageName: z.string(),
  StartDate: z.string(),
  LastInvoiced: z.string().nullable(),
  /** '0' means inactive (SPEC §3). */
  Active: z.enum(['0', '1']),
});
export type Package = z.infer<typeof PackageSchema>;

/** SPEC §3 "Service location"; null when the work order has none ('No Service Location found'). */
export const ServiceLocationSchema = z.object({
  nOrderID: z.number().int().nullable(),
  fullAddress: z.string(),
  ServiceLocationID: z.number().int(),
  Latitude: z.number(),
  Longitude: z.number(),
  Packages: z.array(PackageSchema),
});
export const ServiceLocationResponseSchema = ServiceLocationSchema.nullable();
export type ServiceLocation = z.infer<typeof ServiceLocationSchema>;

/** An asset installed at the service location (the list under Show Assets). */
export const LocationAssetSchema = z.object({
  nAssetID: z.number().int(),
  vcAssetID: z.string(),
  vcAssetDescription: z.string(),
  vcEquipmentDescription: z.string(),
  vcEquipmentMaker: z.string(),
  vcModel: z.string(),
  vcStatus: z.string(),
  vcSerialNumber: z.string().nullable(),
  vcMACAddress: z.string().nullable(),
  nHardwareType: z.number().int(),
});
export const LocationAssetListSchema = z.array(LocationAssetSchema);
export type LocationAsset = z.infer<typeof LocationAssetSchema>;

/** The sales order view: HTML sanitized by the server (never trusted as it is stored). */
export const SalesOrderSchema = z.object({
  nOrderID: z.number().int(),
  txtNotes: z.string().nullable(),
  html: z.string(),
});
export type SalesOrder = z.infer<typeof SalesOrderSchema>;

export const AttachmentSchema = z.object({
  nCount: z.number().int(),
  vcFileName: z.string(),
  vcDescription: z.string().nullable(),
  vcContentType: z.string(),
  nSizeBytes: z.number().int(),
  dtCreated: z.string(),
  /** A same-origin path that opens the file; it carries a short-lived ticket, so links expire. */
  url: z.string(),
});
export const AttachmentListSchema = z.array(AttachmentSchema);
export type Attachment = z.infer<typeof AttachmentSchema>;

/** Where the work-order PDF opens (SPEC §7 "Work order PDF by work order id. It returns a path."). */
export const PdfLinkSchema = z.object({
  path: z.string(),
  downloadPath: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
});
export type PdfLink = z.infer<typeof PdfLinkSchema>;

const nullableText = z.string().nullable();

/** SPEC §3 "Physical plant config"; null when the order has none. Flag values '0'/'1' show as No/Yes. */
export const PhysicalPlantConfigSchema = z.object({
  splitterPort: z.object({ vcPortLabel: nullableText, vcAssetDescription: nullableText }),
  nIsFiberDropOnly: nullableText,
  vcCabinetLocation: nullableText,
  vcFiberSize: nullableText,
  vcFiberSize2: nullableText,
  nExistingLogicalCircuitID: nullableText,
  nExistingFiberDrop: nullableText,
  vcFiberStrand: nullableText,
  vcFiberStrand2: nullableText,
  nONTNumber: nullableText,
  vcFiberPort: nullableText,
  vcHandHoleAddress: nullableText,
  vcSplitterAssetID: nullableText,
});
export const PhysicalPlantConfigResponseSchema = PhysicalPlantConfigSchema.nullable();
export type PhysicalPlantConfig = z.infer<typeof PhysicalPlantConfigSchema>;

/** SPEC §3 "Circuit": the record id, the product and its circuit id, and a description. */
export const CircuitSchema = z.object({
  nRecordID: z.number().int(),
  vcProduct: z.string(),
  vcCircuitID: z.string(),
  CircuitDescription: z.string(),
});
export const CircuitListSchema = z.array(CircuitSchema);
export type Circuit = z.infer<typeof CircuitSchema>;

export const CentralOfficeSchema = z.object({
  nCOID: z.number().int(),
  vcName: z.string(),
  vcKind: z.string(),
  vcAddress: z.string(),
  Latitude: z.number(),
  Longitude: z.number(),
  /** Great-circle miles (earth radius 3956) from the work order's service location. */
  nDistanceMiles: z.number(),
});
export const CentralOfficeListSchema = z.array(CentralOfficeSchema);
export type CentralOffice = z.infer<typeof CentralOfficeSchema>;

/** The view object id lookup by order id and WO detail id (SPEC §7), used for the GIS link. */
export const GisObjectQuerySchema = z.object({
  orderId: z
    .string()
    .regex(/^\d{1,9}$/, 'orderId must be a whole number.')
    .transform(Number),
  detailId: z
    .string()
    .regex(/^\d{1,9}$/, 'detailId must be a whole number.')
    .transform(Number),
});
export const GisObjectSchema = z.object({ viewObjectId: z.string().nullable() });
export type GisObject = z.infer<typeof GisObjectSchema>;

/** getEstimatedDropLength: the nearest splice point of the Structures layer and the drop length it suggests. */
export const EstimatedDropLengthSchema = z.object({
  /** The suggested drop length option (ft), or null with no splice point near enough. */
  nEstimatedDropLengthFt: z.number().int().nullable(),
  nStraightLineFt: z.number().int().nullable(),
  vcStructureId: z.string().nullable(),
  vcStructureType: z.string().nullable(),
  message: z.string(),
});
export type EstimatedDropLength = z.infer<typeof EstimatedDropLengthSchema>;
