/**
 * Rules of the installer's search form and work-order home (SPEC §2, §5, §9), shared by the browser (what to show)
 * and the server (what to answer): the default search, which fields are sent, the contact summary, which buttons
 * show, the plant-config flags, the nearest central offices and the directions link.
 */
import {
  type Contact,
  defaultSort,
  type PhysicalPlantConfig,
  type WorkOrderSearchParams,
  type WorkOrderSortField,
} from './api/work-orders.js';
import { addDays } from './calendar-days.js';
import { DEFAULT_DISTANCE_FT } from './constants.js';
import { distanceMiles, type LatLng } from './geo.js';

// ---- search form -----------------------------------------------------------------------------------------------

/** SPEC §9: the date filter defaults to 61 days before today through 7 days ahead. */
export const DEFAULT_DATE_FROM_DAYS = -61;
export const DEFAULT_DATE_TO_DAYS = 7;

/** The search run when the page starts: the installer's own assigned work orders (SPEC §7). */
export const START_SEARCH: WorkOrderSearchParams = { ByAssignment: '1', ShowPendingAssigned: '0' };

/** The query string of a search, fields in a fixed order so the same search is the same URL and cache entry. */
export function searchQueryString(params: WorkOrderSearchParams): string {
  const entries = Object.entries(params)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(entries).toString();
}

export interface SearchForm {
  customerName: string;
  customerId: string;
  workOrderId: string;
  address: string;
  /** '' while 'Please select a value' is chosen. */
  workOrderType: string;
  nearby: boolean;
  distance: number;
  assignedToMe: boolean;
  showPending: boolean;
  dateFilter: boolean;
  dateFrom: string;
  dateTo: string;
  sortBy: WorkOrderSortField;
  sortOrder: 'asc' | 'desc';
}

/** YYYY-MM-DD of `today` (local calendar date) moved by `days`. */
function addDaysLocal(today: Date, days: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return addDays(`${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`, days);
}

export function defaultDateRange(today: Date): { dateFrom: string; dateTo: string } {
  return { dateFrom: addDaysLocal(today, DEFAULT_DATE_FROM_DAYS), dateTo: addDaysLocal(today, DEFAULT_DATE_TO_DAYS) };
}

/** The form as it opens: Assigned to Me on, Show Pending off, date filter off with the default range ready. */
export function defaultSearchForm(today: Date): SearchForm {
  return {
    customerName: '',
    customerId: '',
    workOrderId: '',
    address: '',
    workOrderType: '',
    nearby: false,
    distance: DEFAULT_DISTANCE_FT,
    assignedToMe: true,
    showPending: false,
    dateFilter: false,
    ...defaultDateRange(today),
    sortBy: 'dueDate',
    sortOrder: 'desc',
  };
}

/**
 * The search payload of a form (SPEC §5): only filled-in fields are sent, text is trimmed (the address too), the two
 * checkboxes always go as '0'/'1', Distance and the position only with Nearby, the dates only with the date filter.
 */
export function searchParamsFromForm(form: SearchForm, position: LatLng | null): WorkOrderSearchParams {
  const params: WorkOrderSearchParams = {
    ByAssignment: form.assignedToMe ? '1' : '0',
    ShowPendingAssigned: form.showPending ? '1' : '0',
  };
  const text = (value: string) => value.trim();
  if (text(form.workOrderId)) params.WorkOrderID = text(form.workOrderId);
  if (text(form.customerName)) params.CustomerName = text(form.customerName);
  if (text(form.customerId)) params.CustomerID = text(form.customerId);
  if (text(form.address)) params.Address = text(form.address);
  if (form.workOrderType) params.WorkOrderType = form.workOrderType;
  if (form.nearby && position) {
    params.Distance = String(form.distance);
    params.Latitude = String(position.latitude);
    params.Longitude = String(position.longitude);
  }
  if (form.dateFilter) {
    if (form.dateFrom) params.DateFrom = form.dateFrom;
    if (form.dateTo) params.DateTo = form.dateTo;
  }
  // The sort goes only when it differs from the search's default (nearest first for Nearby, issue 27).
  const nearby = params.Distance !== undefined;
  const sortBy = form.sortBy === 'distance' && !nearby ? 'dueDate' : form.sortBy;
  if (sortBy !== defaultSort(nearby).sortBy) params.SortBy = sortBy;
  if (form.sortOrder !== defaultSort(sortBy === 'distance').sortOrder) params.SortOrder = form.sortOrder;
  return params;
}

/** The form that shows a search (when coming back to its results); blank fields keep the defaults. */
export function searchFormFromParams(params: WorkOrderSearchParams, today: Date): SearchForm {
  const form = defaultSearchForm(today);
  const distance = Number(params.Distance);
  return {
    ...form,
    customerName: params.CustomerName ?? '',
    customerId: params.CustomerID ?? '',
    workOrderId: params.WorkOrderID === undefined ? '' : String(params.WorkOrderID),
    address: params.Address ?? '',
    workOrderType: params.WorkOrderType ?? '',
    nearby: params.Distance !== undefined,
    distance: Number.isFinite(distance) && distance > 0 ? distance : form.distance,
    assignedToMe: (params.ByAssignment ?? '0') === '1',
    showPending: (params.ShowPendingAssigned ?? '0') === '1',
    dateFilter: params.DateFrom !== undefined || params.DateTo !== undefined,
    dateFrom: params.DateFrom ?? form.dateFrom,
    dateTo: params.DateTo ?? form.dateTo,
    ...sortOfParams(params),
  };
}

/** The sort a search's parameters ask for, with the defaults of defaultSort filled in. */
export function sortOfParams(params: WorkOrderSearchParams): { sortBy: WorkOrderSortField; sortOrder: 'asc' | 'desc' } {
  const sortBy = params.SortBy ?? defaultSort(params.Distance !== undefined).sortBy;
  return { sortBy, sortOrder: params.SortOrder ?? defaultSort(sortBy === 'distance').sortOrder };
}

// ---- work order home -------------------------------------------------------------------------------------------

/** SPEC §2: 'Multiple Contacts'; name - email - phone for a single contact; or 'No Contacts'. */
export function contactSummary(contacts: readonly Pick<Contact, 'ContactName' | 'Email' | 'Phone'>[]): string {
  if (contacts.length > 1) return 'Multiple Contacts';
  const only = contacts[0];
  if (!only) return 'No Contacts';
  return [only.ContactName, only.Email, only.Phone ? formatPhoneDigits(only.Phone) : null]
    .filter((part): part is string => Boolean(part))
    .join(' - ');
}

function formatPhoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

export const FIBER_SPLICING_CLASS = 'WO_FiberSplicing';

/** SPEC §2: the GIS Object map shows when an object link exists and the order is not fibre splicing with attachments. */
export function showsGisObjectButton(input: {
  viewObjectId: string | null | undefined;
  vcClass: string;
  attachmentCount: number;
}): boolean {
  if (!input.viewObjectId) return false;
  return !(input.vcClass === FIBER_SPLICING_CLASS && input.attachmentCount > 0);
}

/** SPEC §2: Circuit Stats only if circuits exist. */
export function showsCircuitStatsButton(circuitCount: number): boolean {
  return circuitCount > 0;
}

const PLANT_VALUE_KEYS = [
  'nIsFiberDropOnly',
  'vcCabinetLocation',
  'vcFiberSize',
  'vcFiberSize2',
  'nExistingLogicalCircuitID',
  'nExistingFiberDrop',
  'vcFiberStrand',
  'vcFiberStrand2',
  'nONTNumber',
  'vcFiberPort',
  'vcHandHoleAddress',
  'vcSplitterAssetID',
] as const satisfies readonly (keyof PhysicalPlantConfig)[];

/** SPEC §2: Physical Plant Configs is hidden when every config value is null. */
export function hasPlantConfigValues(config: PhysicalPlantConfig | null | undefined): boolean {
  if (!config) return false;
  if (config.splitterPort.vcPortLabel !== null || config.splitterPort.vcAssetDescription !== null) return true;
  return PLANT_VALUE_KEYS.some((key) => config[key] !== null);
}

/** Plant-config flags ('0' and '1') show as No and Yes (SPEC §3). */
export function plantFlagText(value: string | null): string {
  if (value === '1') return 'Yes';
  if (value === '0') return 'No';
  return value ?? '';
}

// ---- central offices and directions ----------------------------------------------------------------------------

/** SPEC §9: the C.O. list shows the nearest 3 until it is expanded. */
export const NEAREST_CO_COUNT = 3;

/** Sorts places by great-circle miles (earth radius 3956) from `from`, nearest first. */
export function byDistanceMiles<T extends LatLng>(from: LatLng, places: readonly T[]): (T & { miles: number })[] {
  return places.map((place) => ({ ...place, miles: distanceMiles(from, place) })).sort((a, b) => a.miles - b.miles);
}

/** Miles with 2 decimals (SPEC §9). */
export function formatMiles(miles: number): string {
  return `${miles.toFixed(2)} mi`;
}

/** The external navigation link to a service location (SPEC §7 Directions). */
export function directionsUrl(point: LatLng): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${point.latitude},${point.longitude}`;
}
