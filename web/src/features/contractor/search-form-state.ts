/**
 * The work-order search form's state and the criteria it sends (SPEC §5): only the filled-in fields, the address
 * trimmed, dates only when the date filter is on, and 'assigned to you' always on for company 1.
 */
import type { ContractorSearch, ContractorSearchInput } from '@strand/domain';

/** SPEC §9: the date filter defaults to 61 days before today through 7 days ahead. */
export const DEFAULT_DATE_FROM_OFFSET_DAYS = -61;
export const DEFAULT_DATE_TO_OFFSET_DAYS = 7;
export const PROVIDER_CREW = 1;

export interface SearchFormState {
  WorkOrderID: string;
  WorkOrderType: string;
  vcStatus: string;
  CustomerName: string;
  Address: string;
  dateFilter: boolean;
  DateFrom: string;
  DateTo: string;
  assignedToMe: boolean;
  sort: ContractorSearch['sort'];
  order: ContractorSearch['order'];
}

const pad = (n: number) => String(n).padStart(2, '0');
export function localDateOffset(days: number, today: Date = new Date()): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function defaultSearchForm(today: Date = new Date()): SearchFormState {
  return {
    WorkOrderID: '',
    WorkOrderType: '',
    vcStatus: '',
    CustomerName: '',
    Address: '',
    dateFilter: false,
    DateFrom: localDateOffset(DEFAULT_DATE_FROM_OFFSET_DAYS, today),
    DateTo: localDateOffset(DEFAULT_DATE_TO_OFFSET_DAYS, today),
    assignedToMe: true,
    sort: 'DueDate',
    order: 'desc',
  };
}

/** 'Assigned to you' cannot be unticked by the provider's own crew (SPEC §5, §6). */
export const assignmentLocked = (nContractor: number) => nContractor === PROVIDER_CREW;

export function criteriaFromForm(form: SearchFormState, nContractor: number): ContractorSearchInput {
  const criteria: ContractorSearchInput = {
    ByAssignment: form.assignedToMe || assignmentLocked(nContractor) ? '1' : '0',
    sort: form.sort,
    order: form.order,
  };
  const id = form.WorkOrderID.trim();
  // Anything but digits goes as typed, so the server names the field and what it allows.
  if (id) criteria.WorkOrderID = /^\d+$/.test(id) ? Number(id) : id;
  if (form.WorkOrderType) criteria.WorkOrderType = form.WorkOrderType;
  if (form.vcStatus) criteria.vcStatus = form.vcStatus as ContractorSearch['vcStatus'];
  if (form.CustomerName.trim()) criteria.CustomerName = form.CustomerName.trim();
  if (form.Address.trim()) criteria.Address = form.Address.trim();
  if (form.dateFilter) {
    if (form.DateFrom) criteria.DateFrom = form.DateFrom;
    if (form.DateTo) criteria.DateTo = form.DateTo;
  }
  return criteria;
}

/** Restores the form from the remembered last search (queryLastWOSearch). */
export function formFromCriteria(criteria: ContractorSearch, today: Date = new Date()): SearchFormState {
  const base = defaultSearchForm(today);
  return {
    WorkOrderID: criteria.WorkOrderID !== undefined ? String(criteria.WorkOrderID) : '',
    WorkOrderType: criteria.WorkOrderType ?? '',
    vcStatus: criteria.vcStatus ?? '',
    CustomerName: criteria.CustomerName ?? '',
    Address: criteria.Address ?? '',
    dateFilter: Boolean(criteria.DateFrom || criteria.DateTo),
    DateFrom: criteria.DateFrom ?? base.DateFrom,
    DateTo: criteria.DateTo ?? base.DateTo,
    assignedToMe: criteria.ByAssignment === '1',
    sort: criteria.sort,
    order: criteria.order,
  };
}
