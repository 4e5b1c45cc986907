/**
 * Equipment assets (SPEC §3 "Asset", "Asset action", "Equipment swap data", "Circuit"), asset actions, ONT swap and
 * upgrade, circuit stats and tone tests: the API shapes and the rules the browser and the server share.
 */
import { z } from 'zod';
import { cleanLine } from '../clean-text.js';
import { CONTRACTOR_HIDDEN_ACTION_ID, HIDDEN_ACTION_ID } from '../constants.js';

/** Equipment lists longer than this are hidden until 'Show all equipments' is on (SPEC §6). */
export const EQUIPMENT_LIST_LIMIT = 10;

/** Whether a user sees an asset action: never 39, and 6 only when the user is not a contractor. */
export function isActionVisible(actionId: number, user: { nContractor: number }): boolean {
  if (actionId === HIDDEN_ACTION_ID) return false;
  // Action 39 is hidden from everyone; action 6 from contractors (SPEC §6, §9).
  if (actionId === CONTRACTOR_HIDDEN_ACTION_ID && user.nContractor > 0) return false;
  return true;
}

/** Case-insensitive match of `query` (trimmed) in any field; an empty query matches everything. */
export function matchesAnyField(item: Record<string, unknown>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return Object.values(item).some((v) => v !== null && v !== undefined && String(v).toLowerCase().includes(q));
}

export function filterEquipment<T extends Record<string, unknown>>(items: readonly T[], query: string): T[] {
  return items.filter((i) => matchesAnyField(i, query));
}

/** The 10-entry rule: a list over the limit shows nothing until 'Show all equipments' is on. */
export function visibleEquipment<T>(items: readonly T[], showAll: boolean): { shown: T[]; hidden: boolean } {
  if (items.length > EQUIPMENT_LIST_LIMIT && !showAll) return { shown: [], hidden: true };
  return { shown: [...items], hidden: false };
}

/** A trailing debounce: the last call within `ms` wins. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

const AssetTag = z
  .string()
  .trim()
  .min(1, 'Enter an asset id.')
  .max(64, 'An asset id has at most 64 characters.')
  .regex(/^[A-Za-z0-9._/-]+$/, 'An asset id has letters, digits, dots, dashes, slashes or underscores.');
export const AssetTagSchema = AssetTag;

export const AssetPortSchema = z.object({ nSlot: z.number().int(), nPort: z.number().int(), vcPortLabel: z.string() });

export const AssetSchema = z.object({
  nAssetID: z.number().int(),
  vcAssetID: z.string(),
  vcAssetDescription: z.string(),
  vcInformation: z.string().nullable(),
  vcEquipmentDescription: z.string(),
  vcEquipmentMaker: z.string(),
  vcModel: z.string(),
  vcStatus: z.string(),
  vcWarranty: z.string().nullable(),
  vcSerialNumber: z.string().nullable(),
  vcMACAddress: z.string().nullable(),
  nPorts: z.number().int(),
  nSlots: z.number().int(),
  nHardwareType: z.number().int(),
  nServiceLocationID: z.number().int().nullable(),
  ports: z.array(AssetPortSchema),
});
export type Asset = z.infer<typeof AssetSchema>;

export const AssetIdParamsSchema = z.object({ nAssetId: z.coerce.number().int().positive() });
export const AssetTagParamsSchema = z.object({ vcAssetID: AssetTag });

export const AssetActionSchema = z.object({
  nApplicationActionID: z.number().int(),
  vcAction: z.string(),
  txtActionDescription: z.string(),
});
export const AssetActionListSchema = z.array(AssetActionSchema);
export type AssetAction = z.infer<typeof AssetActionSchema>;

export const AssetActionsQuerySchema = z.object({ WOId: z.coerce.number().int().positive() });

export const TakeActionBodySchema = z.object({
  ApplicationActionID: z.number().int().positive(),
  WorkOrderID: z.number().int().positive(),
});
export const TakeActionResponseSchema = z.object({ RequestID: z.number().int() });

export const ActionRequestStatusSchema = z.enum(['Pending', 'Running', 'Completed', 'Failed']);
export const ActionRequestQuerySchema = z.object({
  WorkOrderID: z.coerce.number().int().positive(),
  vcAssetID: AssetTag,
});
export const ActionRequestSchema = z.object({
  RequestID: z.number().int(),
  WorkOrderID: z.number().int(),
  vcAssetID: z.string(),
  nApplicationActionID: z.number().int(),
  vcAction: z.string(),
  status: ActionRequestStatusSchema,
  result: z.string().nullable(),
  attempts: z.number().int(),
});
export type ActionRequest = z.infer<typeof ActionRequestSchema>;

/** An ONT in stock that can replace the one at the service location. */
export const EquipmentSchema = z.object({
  nAssetID: z.number().int(),
  vcAssetID: z.string(),
  EquipType: z.string(),
  nCount: z.number().int(),
  vcDescription: z.string(),
  vcEquipmentMaker: z.string(),
  vcModel: z.string(),
  nPorts: z.number().int(),
});
export type Equipment = z.infer<typeof EquipmentSchema>;
export const AssignedEquipmentListSchema = z.array(EquipmentSchema);

export const SwapParamsSchema = z.object({
  WOId: z.coerce.number().int().positive(),
  ONTId: AssetTag,
});

export const SwapDataSchema = z.object({
  asset: z.object({ nCount: z.number().int(), vcAssetID: z.string(), nEquipmentTypeID: z.number().int() }),
  equipment_definition: z.object({
    nEquipmentTypeID: z.number().int(),
    vcDescription: z.string(),
    vcEquipmentMaker: z.string(),
    vcModel: z.string(),
    nPorts: z.number().int(),
    nSlots: z.number().int(),
  }),
  available_equipment: z.array(EquipmentSchema.extend({ showOption: z.boolean() })),
  service_locations: z.array(
    z.object({
      nCount: z.number().int(),
      MasterServiceItemID: z.number().int(),
      ServiceItemDesc: z.string(),
      vcAddress: z.string(),
      vcCity: z.string(),
      vcState: z.string(),
      vcZip: z.string(),
      PackageName: z.string(),
      DateEntered: z.string(),
      nOrderID: z.number().int().nullable(),
      LinePrice: z.string(),
    }),
  ),
});
export type SwapData = z.infer<typeof SwapDataSchema>;

export const SwapBodySchema = z.object({
  NewAsset: AssetTag,
  OrigEquip: AssetTag,
  serviceLocation: z.number().int().positive(),
});

export const UpgradePreviewBodySchema = z.object({ OrigEquip: AssetTag, NewAsset: AssetTag });
export const PortOptionSchema = z.object({ nPortID: z.number().int(), vcPortLabel: z.string() });
export const UpgradePreviewSchema = z.object({
  oldDefP: z.array(
    z.object({
      vcPortLabel: z.string(),
      nPortID: z.number().int(),
      RecordID: z.number().int(),
      vcProduct: z.string(),
      vcCircuitID: z.string(),
      newDefP: z.array(PortOptionSchema),
    }),
  ),
  oldDefS: z.array(z.object({ nSlot: z.number().int(), nPorts: z.number().int() })),
});
export type UpgradePreview = z.infer<typeof UpgradePreviewSchema>;

export const UpgradeBodySchema = z.object({
  OrigEquip: AssetTag,
  NewAsset: AssetTag,
  TotalPorts: z.number().int().min(1).max(64),
  /** Old port number -> new port number, for every port that carries a circuit. */
  Ports: z.record(z.string().regex(/^\d+$/, 'Ports are keyed by old port number.'), z.number().int().positive()),
});
export const UpgradeResponseSchema = z.object({ nAssetID: z.number().int() });

export const CircuitStatsParamsSchema = z.object({
  WOId: z.coerce.number().int().positive(),
  socketRecordID: z.coerce.number().int().positive(),
});
/** SPEC §3: stats are key/value pairs, including vcServerIP, nPort and nSlot. */
export const CircuitStatsSchema = z.object({ stats: z.record(z.string(), z.string()) });
export type CircuitStats = z.infer<typeof CircuitStatsSchema>;

export const ToneTestBodySchema = z.object({
  testType: z.enum(['1', '2', '3'], { message: "testType is '1' (loop), '2' (network) or '3' (stop)." }),
  serverIP: z.string().min(1).max(64),
  port: z.coerce.number().int().positive(),
  slot: z.coerce.number().int().positive(),
  oID: z.string().regex(/^\d+(\.\d+)+$/, 'oID is a dotted SNMP OID.'),
});
export const ToneTestResponseSchema = z.object({ ok: z.literal(true) });

/** SPEC §9: the tone-test OID base; the slot and port are appended. Must match the server's MIB. */
export const TONE_TEST_OID_BASE = '1.3.6.1.4.1.32473.1.1.1.11';
export function toneTestOidFor(slot: number, port: number): string {
  return `${TONE_TEST_OID_BASE}.${slot}.${port}`;
}

// ---- getAssetEditData: correct an asset's identity and status, with the history of changes ---------------------

export const ASSET_STATUSES = ['Active', 'In Stock', 'Inactive', 'Defective', 'Returned'] as const;
export const ASSET_SERIAL_MAX = 64;
export const ASSET_DESCRIPTION_MAX = 120;
const MAC_PATTERN = /^[0-9A-F]{2}([:-]?[0-9A-F]{2}){5}$/i;

/** A MAC address in its one stored form, upper case with colons ('00:02:5D:00:1B:50'). */
export function normalizeMac(value: string): string {
  const hex = value.replace(/[^0-9a-f]/gi, '').toUpperCase();
  return hex.match(/.{2}/g)?.join(':') ?? hex;
}

const optionalLine = (label: string, max: number) =>
  cleanLine({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .transform((v) => (v === '' ? null : v));

export const AssetEditRequestSchema = z.object({
  /** The work order the change is made in: the asset must be at its service location. */
  WOId: z.coerce.number().int().positive(),
  vcSerialNumber: optionalLine('Serial number', ASSET_SERIAL_MAX),
  vcMACAddress: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || MAC_PATTERN.test(v),
      'MAC address must be six pairs of hex digits, like 00:02:5D:00:1B:50.',
    )
    .transform((v) => (v === '' ? null : normalizeMac(v))),
  vcStatus: z.enum(ASSET_STATUSES, { error: `Status must be one of: ${ASSET_STATUSES.join(', ')}.` }),
  vcAssetDescription: cleanLine({ error: 'Description must be text.' })
    .trim()
    .min(1, 'Description is required.')
    .max(ASSET_DESCRIPTION_MAX, `Description must be at most ${ASSET_DESCRIPTION_MAX} characters.`),
});
export type AssetEditRequest = z.input<typeof AssetEditRequestSchema>;

export const AssetChangeSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  by: z.string().nullable(),
  WOId: z.number().int().nullable(),
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type AssetChange = z.infer<typeof AssetChangeSchema>;

export const AssetEditDataSchema = z.object({
  nAssetID: z.number().int(),
  vcAssetID: z.string(),
  vcSerialNumber: z.string().nullable(),
  vcMACAddress: z.string().nullable(),
  vcStatus: z.string(),
  vcAssetDescription: z.string(),
  statuses: z.array(z.string()),
  history: z.array(AssetChangeSchema),
});
export type AssetEditData = z.infer<typeof AssetEditDataSchema>;
export const AssetEditQuerySchema = z.object({ WOId: z.coerce.number().int().positive() });
