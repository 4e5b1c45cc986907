/**
 * Contracts of the contractor portal (SPEC §7 "Contractor" calls): work-order search and the remembered last
 * search, a work order with its checklist, acknowledgement, attachments, look-ups, assembly units and the unit price
 * sheet, the calendar, the map and restoration tickets. Field names follow SPEC §3 where it names them.
 */
import { z } from 'zod';
import { cleanText } from '../clean-text.js';
import { WORK_ORDER_TYPES } from '../work-order-types.js';
import { calendarDate } from './calendar-date.js';

const MAX_ID = 2_147_483_647;
const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a positive whole number.` })
    .int(`${label} must be a positive whole number.`)
    .positive(`${label} must be a positive whole number.`)
    .max(MAX_ID, `${label} is too large.`);

const timestamp = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO-8601).` });

export const ContractorWorkOrderParamsSchema = z.object({ workOrderId: positiveId('Work order id') });

// ---- search ----------------------------------------------------------------------------------------------------

export const CONTRACTOR_WORK_ORDER_STATUSES = ['Open', 'In Progress', 'Complete', 'Closed'] as const;
export const ContractorStatusSchema = z.enum(CONTRACTOR_WORK_ORDER_STATUSES, {
  error: `Status must be one of ${CONTRACTOR_WORK_ORDER_STATUSES.join(', ')}.`,
});

/** SPEC §2 sort choices; the default is due date, descending (SPEC §9). */
export const CONTRACTOR_SORTS = [
  { value: 'WorkOrderID', label: 'Work order id' },
  { value: 'WorkOrderType', label: 'Work order type' },
  { value: 'CustomerName', label: 'Customer name' },
  { value: 'EventTitle', label: 'Event title' },
  { value: 'EventTime', label: 'Event time' },
  { value: 'DueDate', label: 'Due Date' },
] as const;
export const ContractorSortSchema = z.enum(
  ['WorkOrderID', 'WorkOrderType', 'CustomerName', 'EventTitle', 'EventTime', 'DueDate'],
  {
    error: 'Sort must be one of the listed choices.',
  },
);

const TYPE_DESCRIPTIONS = WORK_ORDER_TYPES.map((t) => t.description);

/** searchContractorWorkOrders: only the filled-in criteria are sent (SPEC §5); text is trimmed. */
export const ContractorSearchSchema = z
  .object({
    WorkOrderID: positiveId('Work Order ID').optional(),
    WorkOrderType: z
      .string()
      .refine((v) => TYPE_DESCRIPTIONS.includes(v), 'Work Order Type must be one of the listed types.')
      .optional(),
    vcStatus: ContractorStatusSchema.optional(),
    CustomerName: z
      .string()
      .trim()
      .min(1, 'Customer Name must not be empty.')
      .max(80, 'Customer Name must be at most 80 characters.')
      .optional(),
    Address: z
      .string()
      .trim()
      .min(1, 'Address must not be empty.')
      .max(120, 'Address must be at most 120 characters.')
      .optional(),
    DateFrom: calendarDate('Date From').optional(),
    DateTo: calendarDate('Date To').optional(),
    /** 'Assigned to you': '1' only the user's own assignments. Always '1' for company 1 (SPEC §6). */
    ByAssignment: z.enum(['0', '1'], { error: "Assigned to you must be '0' or '1'." }).default('0'),
    sort: ContractorSortSchema.default('DueDate'),
    order: z.enum(['asc', 'desc'], { error: "Order must be 'asc' or 'desc'." }).default('desc'),
  })
  .refine((s) => !s.DateFrom || !s.DateTo || s.DateFrom <= s.DateTo, {
    message: 'Date From must not be after Date To.',
    path: ['DateTo'],
  });
export type ContractorSearch = z.infer<typeof ContractorSearchSchema>;
export type ContractorSearchInput = z.input<typeof ContractorSearchSchema>;

export const ContractorWorkOrderSummarySchema = z.object({
  nCount: z.number().int(),
  vcWorkOrderType: z.string(),
  vcViewFile: z.string(),
  vcStatus: z.string(),
  isComplete: z.boolean(),
  vcCustomerName: z.string(),
  vcAddress: z.string().nullable(),
  vcNextScheduledName: z.string().nullable(),
  vcNextScheduledTime: z.string().nullable(),
  dtDueDate: z.string().nullable(),
  vcColoArea: z.string().nullable(),
  acknowledged: z.boolean(),
  assignedToMe: z.boolean(),
  /** Against the due date on the provider's calendar (domain/src/contractor-due.ts); null for done work. */
  dueState: z.enum(['overdue', 'dueToday']).nullable(),
});
export type ContractorWorkOrderSummary = z.infer<typeof ContractorWorkOrderSummarySchema>;

/**
 * Scan Asset's work orders near the scan (SPEC §2, §6): the company's open work orders, nearest first. 'Assigned to
 * you' is '1' unless unticked; the provider's own crew (company 1) cannot untick it.
 */
const coordinate = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .min(-max, `${label} must be between -${max} and ${max}.`)
    .max(max, `${label} must be between -${max} and ${max}.`);
export const ContractorNearbySchema = z.object({
  Latitude: coordinate('Latitude', 90),
  Longitude: coordinate('Longitude', 180),
  ByAssignment: z.enum(['0', '1'], { error: "Assigned to you must be '0' or '1'." }).default('1'),
});
export type ContractorNearby = z.infer<typeof ContractorNearbySchema>;
export const CONTRACTOR_NEARBY_LIMIT = 20;
export const ContractorNearbyResultSchema = z.object({
  workOrders: z.array(ContractorWorkOrderSummarySchema.extend({ nDistanceMiles: z.number().nullable() })),
});
export type ContractorNearbyResult = z.infer<typeof ContractorNearbyResultSchema>;

export const CONTRACTOR_SEARCH_LIMIT = 200;
export const ContractorSearchResultSchema = z.object({
  workOrders: z.array(ContractorWorkOrderSummarySchema),
  /** Matches in all; at most CONTRACTOR_SEARCH_LIMIT are listed. */
  total: z.number().int(),
  limit: z.number().int(),
});
export type ContractorSearchResult = z.infer<typeof ContractorSearchResultSchema>;

/**
 * The search the work-order page runs when none is remembered: the user's own assignments, latest due date first
 * (the search form's defaults, SPEC §5).
 */
export const DEFAULT_CONTRACTOR_SEARCH: ContractorSearch = { ByAssignment: '1', sort: 'DueDate', order: 'desc' };

/**
 * queryLastWOSearch: the user's last search, or null before the first one; with the answer of the search the page
 * starts with (the last one, or DEFAULT_CONTRACTOR_SEARCH), so the page shows it without asking again.
 */
export const ContractorLastSearchSchema = z.object({
  criteria: ContractorSearchSchema.nullable(),
  savedAt: z.string().nullable(),
  first: z.object({ criteria: ContractorSearchSchema, result: ContractorSearchResultSchema }).nullable(),
});
export type ContractorLastSearch = z.infer<typeof ContractorLastSearchSchema>;

/** The lists of Contractor Home: each a tile with its count; the page lists one of them at a time. */
export const CONTRACTOR_HOME_LISTS = ['open', 'awaiting', 'dueToday', 'overdue'] as const;
export type ContractorHomeList = (typeof CONTRACTOR_HOME_LISTS)[number];
/** Work orders per page of the home list. */
export const CONTRACTOR_HOME_PAGE_SIZE = 10;
const HOME_MAX_OFFSET = 100_000;

export const ContractorHomeQuerySchema = z.object({
  show: z
    .enum(CONTRACTOR_HOME_LISTS, { error: `show must be one of ${CONTRACTOR_HOME_LISTS.join(', ')}.` })
    .default('open'),
  offset: z.coerce
    .number({ error: 'offset must be a whole number from 0.' })
    .int('offset must be a whole number from 0.')
    .min(0, 'offset must be a whole number from 0.')
    .max(HOME_MAX_OFFSET, `offset must be at most ${HOME_MAX_OFFSET}.`)
    .default(0),
});
export type ContractorHomeQuery = z.infer<typeof ContractorHomeQuerySchema>;

/** The home's counts (one query on the server), the provider's today they were counted on, and one page of a list. */
export const ContractorHomeSchema = z.object({
  today: z.string(),
  counts: z.object({
    open: z.number().int(),
    awaiting: z.number().int(),
    dueToday: z.number().int(),
    overdue: z.number().int(),
  }),
  show: z.enum(CONTRACTOR_HOME_LISTS),
  workOrders: z.array(ContractorWorkOrderSummarySchema),
  /** Work orders of the list shown, in all. */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type ContractorHome = z.infer<typeof ContractorHomeSchema>;

// ---- one work order ------------------------------------------------------------------------------------------

export const AcknowledgementSchema = z.object({
  acknowledged: z.boolean(),
  dtAcknowledged: z.string().nullable(),
  vcAcknowledgedBy: z.string().nullable(),
});
export type Acknowledgement = z.infer<typeof AcknowledgementSchema>;

/** updateAcknowledgeWorkOrder (ack): 1 acknowledges the work order, 0 withdraws the acknowledgement. */
export const AcknowledgeRequestSchema = z.object({
  ack: z.union([z.literal(0), z.literal(1)], { error: 'ack must be 1 (acknowledge) or 0 (withdraw).' }),
});

const checklistValue = z.union([z.string(), z.number(), z.null()]);

export const ChecklistRecordSchema = z.object({
  /** The form's template type, or null when the view file has none ('Template not found'). */
  template: z.string().nullable(),
  data: z.record(z.string(), checklistValue),
  tsArrivalOnsite: z.string().nullable(),
  tsWorkComplete: z.string().nullable(),
  txtNotes: z.string().nullable(),
  dtUpdated: z.string().nullable(),
  vcUpdatedBy: z.string().nullable(),
  historyCount: z.number().int(),
});
export type ChecklistRecord = z.infer<typeof ChecklistRecordSchema>;

export const WorkOrderAssemblyUnitSchema = z.object({
  nCount: z.number().int(),
  AssemblyUnitID: z.number().int(),
  vcCode: z.string(),
  vcDescription: z.string(),
  QtyUnits: z.number().int(),
  AssetTags: z.string().nullable(),
  SerialNumbers: z.string().nullable(),
  BegSequential: z.string().nullable(),
  EndSequential: z.string().nullable(),
  ReelNum: z.string().nullable(),
  ROWFootage: z.number().int().nullable(),
  dtCreated: z.string(),
});
export type WorkOrderAssemblyUnit = z.infer<typeof WorkOrderAssemblyUnitSchema>;

export const ContractorWorkOrderSchema = z.object({
  WorkOrderID: z.number().int(),
  nOrderID: z.number().int().nullable(),
  vcStatus: z.string(),
  isComplete: z.boolean(),
  WorkOrderType: z.object({
    nTypeID: z.number().int(),
    vcDescription: z.string(),
    vcClass: z.string(),
    vcViewFile: z.string(),
    vcTemplateType: z.string().nullable(),
    isBusiness: z.boolean(),
  }),
  Customer: z.object({ vcCustomerID: z.string(), vcCustomerName: z.string() }),
  ServiceLocationDetails: z.object({ fullAddress: z.string(), Latitude: z.number(), Longitude: z.number() }).nullable(),
  vcColoArea: z.string().nullable(),
  vcSummary: z.string().nullable(),
  vcNextScheduledName: z.string().nullable(),
  vcNextScheduledTime: z.string().nullable(),
  dtDueDate: z.string().nullable(),
  dtLastUpdated: z.string(),
  vcGISObjectID: z.string().nullable(),
  acknowledgement: AcknowledgementSchema,
  checklist: ChecklistRecordSchema,
  assemblyUnits: z.array(WorkOrderAssemblyUnitSchema),
  attachmentCount: z.number().int(),
});
export type ContractorWorkOrder = z.infer<typeof ContractorWorkOrderSchema>;

// ---- checklist save and history --------------------------------------------------------------------------------

/** updateCheckLists: the form's values keyed by SPEC field name, the common fields and WOComplete (SPEC §4). */
export const ChecklistSaveSchema = z.object({
  data: z
    .record(z.string().max(60), z.union([cleanText().max(5_000), z.number(), z.boolean(), z.null()]))
    .refine((d) => Object.keys(d).length <= 60, 'A checklist has at most 60 fields.'),
  tsArrivalOnsite: timestamp('Arrival onsite').nullable(),
  tsWorkComplete: timestamp('Work complete').nullable(),
  txtNotes: cleanText().max(4_000, 'Notes must be at most 4000 characters.').nullable(),
  WOComplete: z.enum(['on', 'off'], { error: "WOComplete must be 'on' or 'off'." }),
  assetsMovedConfirmed: z.boolean().default(false),
  oneTime: z
    .object({ spliceCaseRehang: z.boolean().optional(), aerialRehang: z.boolean().optional() })
    .strict()
    .optional(),
});
export type ChecklistSave = z.input<typeof ChecklistSaveSchema>;

export const ChecklistSaveResultSchema = z.object({
  message: z.string(),
  workOrder: ContractorWorkOrderSchema,
});

export const ChecklistChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  from: checklistValue,
  to: checklistValue,
});

export const ChecklistHistoryEntrySchema = z.object({
  nHistoryID: z.number().int(),
  dtSaved: z.string(),
  vcUserName: z.string(),
  changes: z.array(ChecklistChangeSchema),
  oneTime: z.array(z.string()),
  completed: z.boolean(),
});
export type ChecklistHistoryEntry = z.infer<typeof ChecklistHistoryEntrySchema>;
export const ChecklistHistorySchema = z.array(ChecklistHistoryEntrySchema);

// ---- look-ups, assembly units, contracts -----------------------------------------------------------------------

export const DropTypesQuerySchema = z.object({ WOType: positiveId('WOType (work order type id)') });
export const DropTypeSchema = z.object({ nCount: z.number().int(), vcType: z.string() });
export const DropTypeListSchema = z.array(DropTypeSchema);
export type DropType = z.infer<typeof DropTypeSchema>;

export const SpliceCaseTypeSchema = z.object({ nCount: z.number().int(), vcType: z.string() });
export const SpliceCaseTypeListSchema = z.array(SpliceCaseTypeSchema);
export type SpliceCaseType = z.infer<typeof SpliceCaseTypeSchema>;

export const AssemblyUnitSchema = z.object({
  nCount: z.number().int(),
  vcCode: z.string(),
  vcDescription: z.string(),
  nReqAssetTag: z.number().int(),
  nReqSequential: z.number().int(),
  nReqAdditionalDropFee: z.number().int(),
  nReqReelNum: z.number().int(),
});
export const AssemblyUnitListSchema = z.array(AssemblyUnitSchema);
export type AssemblyUnit = z.infer<typeof AssemblyUnitSchema>;

const entryText = cleanText().max(500).nullable().optional();
/** addWorkOrderAssemblyUnit; the per-unit rules live in checkAssemblyUnitEntry. */
export const AssemblyUnitEntryRequestSchema = z.object({
  AssemblyUnitID: positiveId('Assembly unit'),
  QtyUnits: z.union([z.number(), z.string().max(12)]),
  AssetTags: entryText,
  SerialNumbers: entryText,
  BegSequential: entryText,
  EndSequential: entryText,
  ReelNum: entryText,
  ROWFootage: z.union([z.number(), z.string().max(12), z.null()]).optional(),
});
export type AssemblyUnitEntryRequest = z.infer<typeof AssemblyUnitEntryRequestSchema>;
export const AssemblyUnitEntryParamsSchema = ContractorWorkOrderParamsSchema.extend({
  entryId: positiveId('Entry id'),
});

export const FiberContractSchema = z.object({
  nContractID: z.number().int(),
  vcContractNumber: z.string(),
  vcContractName: z.string(),
  dtStart: z.string(),
  dtEnd: z.string(),
  isActive: z.boolean(),
});
export const FiberContractListSchema = z.array(FiberContractSchema);
export type FiberContract = z.infer<typeof FiberContractSchema>;
export const FiberContractParamsSchema = z.object({ contractId: positiveId('Contract id') });

export const CupSheetSchema = z.object({
  contract: FiberContractSchema,
  prices: z.array(
    z.object({
      AssemblyUnitID: z.number().int(),
      vcCode: z.string(),
      vcDescription: z.string(),
      nUnitPriceCents: z.number().int(),
    }),
  ),
});
export type CupSheet = z.infer<typeof CupSheetSchema>;

// ---- attachments ---------------------------------------------------------------------------------------------

export const ContractorAttachmentSchema = z.object({
  nCount: z.number().int(),
  vcFileName: z.string(),
  vcDescription: z.string().nullable(),
  vcContentType: z.string(),
  nSizeBytes: z.number().int(),
  dtCreated: z.string(),
});
export const ContractorAttachmentListSchema = z.array(ContractorAttachmentSchema);
export type ContractorAttachment = z.infer<typeof ContractorAttachmentSchema>;
export const ContractorAttachmentParamsSchema = ContractorWorkOrderParamsSchema.extend({
  attachmentId: positiveId('Attachment id'),
});
export const ContractorUploadResultSchema = z.object({ attachments: ContractorAttachmentListSchema });

/** Files the contractor upload accepts, by content: photos and PDFs. */
export const CONTRACTOR_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'];
export const CONTRACTOR_UPLOAD_MAX_FILES = 10;
export const CONTRACTOR_UPLOAD_INVALID_MESSAGE =
  'Some files seem to be invalid. Max size allowed: 10 MB per image, 20MB per submission';
