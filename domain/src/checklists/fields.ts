/**
 * The fields of each contractor checklist form (SPEC §3 "Checklist fields by type"), keyed by the SPEC field names
 * that the checklists table stores in its JSON data. The browser renders a form from these definitions and the server
 * parses a save with them, so both accept exactly the same values.
 */
import { DROP_LENGTH_OPTIONS_FT } from '../constants.js';
import type { ChecklistFamily } from '../work-order-types.js';

export type ChecklistValue = string | number | null;
export type ChecklistData = Record<string, ChecklistValue>;

export type ChecklistFieldKind =
  /** One line of text. */
  | 'text'
  /** Several lines of text. */
  | 'textarea'
  /** An http(s) address. */
  | 'url'
  /** YYYY-MM-DD. */
  | 'date'
  /** A whole number between min and max. */
  | 'integer'
  /** A tick box stored as 0 or 1. */
  | 'checkbox'
  /** yes(1), no(2), unknown(0) (SPEC §3 site survey flags). */
  | 'tri-state'
  /** A fixed list of options. */
  | 'select'
  /** nDropTypeID: the drop types of the work order's type (getFiberDropTypesWorkOrders). */
  | 'drop-type'
  /** vcSpliceCaseType: the splice case types (getSpliceCaseTypes). */
  | 'splice-case-type';

export interface ChecklistOption {
  value: string | number;
  label: string;
}

export interface ChecklistField {
  /** SPEC field name, e.g. nDropTypeID. */
  name: string;
  label: string;
  kind: ChecklistFieldKind;
  defaultValue: ChecklistValue;
  options?: readonly ChecklistOption[];
  min?: number;
  max?: number;
  maxLength?: number;
  hint?: string;
  /** Set by the server on every save and shown read-only (colo install dtLastUpdated). */
  serverSet?: boolean;
  /** Shows the additional-room charge beside the selection. */
  showsRoomCharge?: boolean;
}

export const TRI_STATE_OPTIONS: readonly ChecklistOption[] = [
  { value: 1, label: 'Yes' },
  { value: 2, label: 'No' },
  { value: 0, label: 'Unknown' },
];

export const ONT_PLACEMENT_OPTIONS: readonly ChecklistOption[] = [
  { value: 'Indoor', label: 'Indoor' },
  { value: 'Outdoor', label: 'Outdoor' },
];

export const DEFAULT_INSTALL_CATEGORY = 'None specified';
export const INSTALL_CATEGORIES = [
  DEFAULT_INSTALL_CATEGORY,
  'New service',
  'Service upgrade',
  'Cross-connect',
  'Equipment replacement',
  'Relocation',
  'Repair',
] as const;

export const ADDITIONAL_ROOMS_MAX = 100;
export const CONNECTORIZED_ADDITIONAL_ROOMS_MAX = 99;
/** Upper bound of the splicing quantities and footages: far above any real job, it only stops typos. */
export const QUANTITY_MAX = 100_000;
export const SHORT_TEXT_MAX = 120;
export const LONG_TEXT_MAX = 4_000;
export const URL_MAX = 500;

const range = (from: number, to: number): ChecklistOption[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: from + i, label: String(from + i) }));

const text = (name: string, label: string, maxLength = SHORT_TEXT_MAX): ChecklistField => ({
  name,
  label,
  kind: 'text',
  defaultValue: null,
  maxLength,
});
const textarea = (name: string, label: string): ChecklistField => ({
  name,
  label,
  kind: 'textarea',
  defaultValue: null,
  maxLength: LONG_TEXT_MAX,
});
const date = (name: string, label: string): ChecklistField => ({ name, label, kind: 'date', defaultValue: null });
const checkbox = (name: string, label: string): ChecklistField => ({ name, label, kind: 'checkbox', defaultValue: 0 });
const quantity = (name: string, label: string): ChecklistField => ({
  name,
  label,
  kind: 'integer',
  defaultValue: 0,
  min: 0,
  max: QUANTITY_MAX,
});
const triState = (name: string, label: string): ChecklistField => ({
  name,
  label,
  kind: 'tri-state',
  defaultValue: 0,
  options: TRI_STATE_OPTIONS,
});
const additionalRooms = (max: number): ChecklistField => ({
  name: 'nAdditionalRooms',
  label: 'Additional rooms',
  kind: 'select',
  defaultValue: 0,
  options: range(0, max),
  min: 0,
  max,
  showsRoomCharge: true,
});
const dropType: ChecklistField = { name: 'nDropTypeID', label: 'Drop type', kind: 'drop-type', defaultValue: null };

const CONSTRUCTION: readonly ChecklistField[] = [
  dropType,
  date('dtLocateComplete', 'Locate complete'),
  date('dtDropBuryStart', 'Drop bury start'),
  date('dtDropBuryComplete', 'Drop bury complete'),
];

const COILED: readonly ChecklistField[] = [quantity('nBoreNum', 'Bore footage (ft)')];

const installFields = (): ChecklistField[] => [
  checkbox('nYardSignPlaced', 'Yard sign placed'),
  additionalRooms(ADDITIONAL_ROOMS_MAX),
  text('vcLightSignalStrength', 'Light signal strength', 20),
  { name: 'txtSpeedTestURL', label: 'Speed test URL', kind: 'url', defaultValue: null, maxLength: URL_MAX },
];

const SITE_SURVEY: readonly ChecklistField[] = [
  text('vcSecNum', 'Section number', 40),
  text('vcStakingSheetNum', 'Staking sheet number', 40),
  { name: 'vcONT', label: 'ONT placement', kind: 'select', defaultValue: null, options: ONT_PLACEMENT_OPTIONS },
  triState('nInvisibleFence', 'Invisible fence'),
  triState('nSprinkler', 'Sprinkler system'),
  triState('nSepticSys', 'Septic system'),
  triState('nFencedYard', 'Fenced yard'),
  triState('nYardLights', 'Yard lights'),
  triState('nLPGas', 'LP gas'),
  triState('nPrivatePower', 'Private power'),
];

const SPLICING: readonly ChecklistField[] = [
  text('vcHandHoleAddress', 'Hand hole address'),
  { name: 'vcSpliceCaseType', label: 'Splice case type', kind: 'splice-case-type', defaultValue: null },
  checkbox('nAuditSpliceCase', 'Audit splice case'),
  quantity('nSingleFusionSpliceQty', 'Single fusion splices'),
  quantity('nRibbonSpliceQty', 'Ribbon splices'),
  quantity('nRibbonizedCablesQty', 'Ribbonized cables'),
  checkbox('nLightWhenFinishedSplicing', 'Light present when finished splicing'),
  checkbox('nSpawnRehang', 'Span rehang'),
];

const BASE: readonly ChecklistField[] = [text('vcInvoiceNum', 'Invoice number', 40)];

const YARD_COMPLAINT: readonly ChecklistField[] = [
  checkbox('nRestorationComplete', 'Restoration complete?'),
  date('dtDateCompleted', 'Date completed'),
];

const CONNECTORIZED: readonly ChecklistField[] = [
  dropType,
  {
    name: 'nDropLengthFt',
    label: 'Actual drop length (ft)',
    kind: 'select',
    defaultValue: null,
    options: DROP_LENGTH_OPTIONS_FT.map((ft) => ({ value: ft, label: `${ft} ft` })),
  },
  checkbox('nSpeedTestPerformed', 'Speed test performed'),
  additionalRooms(CONNECTORIZED_ADDITIONAL_ROOMS_MAX),
  ...SPLICING,
];

const COLO_INSTALL: readonly ChecklistField[] = [
  checkbox('nResolved', 'Resolved'),
  checkbox('nInitialContact', 'Initial contact made'),
  checkbox('nVendorContact', 'Vendor contacted'),
  checkbox('nAdditionalDispatch', 'Additional dispatch needed'),
  checkbox('nNoDispatch', 'No dispatch needed'),
  {
    name: 'vcInstallCategories',
    label: 'Install category',
    kind: 'select',
    defaultValue: DEFAULT_INSTALL_CATEGORY,
    options: INSTALL_CATEGORIES.map((c) => ({ value: c, label: c })),
  },
  { name: 'dtLastUpdated', label: 'Last updated', kind: 'date', defaultValue: null, serverSet: true },
  date('dtDateCompleted', 'Date completed'),
  textarea('txtEquipment', 'Equipment'),
  textarea('txtAdditionalMaterials', 'Additional materials'),
  textarea('txtTestsPerformed', 'Tests performed'),
];

export const CHECKLIST_FIELDS: Readonly<Record<ChecklistFamily, readonly ChecklistField[]>> = {
  construction: CONSTRUCTION,
  coiled: COILED,
  install: installFields(),
  'tv-install': installFields(),
  'site-survey': SITE_SURVEY,
  splicing: SPLICING,
  base: BASE,
  'yard-complaint': YARD_COMPLAINT,
  connectorized: CONNECTORIZED,
  'colo-install': COLO_INSTALL,
};

/** Fields every form has besides its own (SPEC §2, §3): kept in their own columns, not in the JSON data. */
export const COMMON_FIELD_LABELS = {
  tsArrivalOnsite: 'Arrival onsite',
  tsWorkComplete: 'Work complete',
  txtNotes: 'Notes',
  vcStatus: 'Status',
} as const;

/** The one-time options of the forms with splicing fields (SPEC §4): sent with a save, never stored in the data. */
export const ONE_TIME_OPTIONS = [
  { name: 'spliceCaseRehang', label: 'Splice case rehang' },
  { name: 'aerialRehang', label: 'Aerial rehang' },
] as const;
export type OneTimeOption = (typeof ONE_TIME_OPTIONS)[number]['name'];

export function fieldLabel(family: ChecklistFamily, name: string): string {
  const common = (COMMON_FIELD_LABELS as Record<string, string>)[name];
  return common ?? CHECKLIST_FIELDS[family].find((f) => f.name === name)?.label ?? name;
}
