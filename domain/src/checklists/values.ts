/**
 * Checklist values: defaults, the zero date, and the parser that turns submitted values into the stored JSON data.
 * Each field kind accepts what its input can produce (numbers may arrive as numeric text) and names the field and
 * what is allowed when it refuses.
 */
import { isCalendarDate } from '../calendar-days.js';
import type { ChecklistData, ChecklistField, ChecklistValue } from './fields.js';
import type { ChecklistForm } from './registry.js';

/** The legacy "no date" value ('0000-00-00', also with a time). */
export function isZeroDate(value: unknown): boolean {
  return typeof value === 'string' && /^0000-00-00/.test(value);
}

/** A date that is set and is not the zero date (the yard complaint's completeness rule, SPEC §4). */
export function isSetDate(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '' && !isZeroDate(value);
}

export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname.includes('.') || url.hostname === 'localhost';
  } catch {
    return false;
  }
}

/** The stored data of a form with every field present: known stored values, the rest at their defaults. */
export function withDefaults(form: ChecklistForm, stored: Record<string, unknown> | null | undefined): ChecklistData {
  const data: ChecklistData = {};
  for (const field of form.fields) {
    const value = stored?.[field.name];
    data[field.name] =
      value === undefined || (typeof value !== 'string' && typeof value !== 'number' && value !== null)
        ? field.defaultValue
        : value;
  }
  return data;
}

export interface ChecklistLookups {
  /** Drop type ids of the work order's type; when given, nDropTypeID must be one of them. */
  dropTypeIds?: ReadonlySet<number>;
  /** Splice case type names; when given, vcSpliceCaseType must be one of them. */
  spliceCaseTypes?: ReadonlySet<string>;
}

type Parsed = { value: ChecklistValue } | { error: string };

const blank = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');

function toInteger(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : null;
  if (typeof raw === 'string' && /^-?\d+$/.test(raw.trim())) return Number(raw.trim());
  return null;
}

function parseText(field: ChecklistField, raw: unknown): Parsed {
  if (blank(raw)) return { value: null };
  if (typeof raw !== 'string' && typeof raw !== 'number') return { error: `${field.label} must be text.` };
  const text = String(raw).trim();
  const max = field.maxLength ?? Number.POSITIVE_INFINITY;
  if (text.length > max) return { error: `${field.label} must be at most ${max} characters.` };
  if (field.kind === 'url' && !isWebAddress(text)) {
    return { error: `${field.label} must be a web address starting with http:// or https://.` };
  }
  return { value: text };
}

function parseOption(field: ChecklistField, raw: unknown): Parsed {
  // An untouched select keeps its default (e.g. 'None specified', 0 rooms, Unknown).
  if (blank(raw)) return { value: field.defaultValue };
  const options = field.options ?? [];
  const match = options.find((o) => String(o.value) === String(raw).trim());
  if (!match) {
    if (field.kind === 'tri-state') return { error: `${field.label} must be Yes, No or Unknown.` };
    return { error: `${field.label} must be one of the listed options.` };
  }
  return { value: match.value };
}

function parseField(field: ChecklistField, raw: unknown, lookups: ChecklistLookups): Parsed {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'url':
      return parseText(field, raw);
    case 'date': {
      if (blank(raw) || isZeroDate(raw)) return { value: null };
      if (typeof raw !== 'string' || !isCalendarDate(raw.trim())) {
        return { error: `${field.label} must be a date (YYYY-MM-DD).` };
      }
      return { value: raw.trim() };
    }
    case 'integer': {
      if (blank(raw)) return { value: null };
      const n = toInteger(raw);
      const min = field.min ?? 0;
      const max = field.max ?? Number.MAX_SAFE_INTEGER;
      if (n === null || n < min || n > max) {
        return { error: `${field.label} must be a whole number from ${min} to ${max}.` };
      }
      return { value: n };
    }
    case 'checkbox': {
      if (blank(raw) || raw === false) return { value: 0 };
      if (raw === true) return { value: 1 };
      const n = toInteger(raw);
      if (n !== 0 && n !== 1) return { error: `${field.label} must be ticked (1) or not (0).` };
      return { value: n };
    }
    case 'tri-state':
    case 'select':
      return parseOption(field, raw);
    case 'drop-type': {
      if (blank(raw)) return { value: null };
      const n = toInteger(raw);
      if (n === null || n <= 0 || (lookups.dropTypeIds && !lookups.dropTypeIds.has(n))) {
        return { error: 'Choose a drop type from the list for this work order type.' };
      }
      return { value: n };
    }
    case 'splice-case-type': {
      if (blank(raw)) return { value: null };
      const name = String(raw).trim();
      if (typeof raw !== 'string' || (lookups.spliceCaseTypes && !lookups.spliceCaseTypes.has(name))) {
        return { error: 'Choose a splice case type from the list.' };
      }
      return { value: name };
    }
  }
}

export interface ParsedChecklistData {
  data: ChecklistData;
  /** A message per field name, in the form's field order. */
  errors: Record<string, string>;
}

/**
 * Parses submitted values against the form. Server-set fields keep `current`'s value (the server then sets them);
 * a name the form does not have is an error, so nothing unknown is ever stored.
 */
export function parseChecklistData(
  form: ChecklistForm,
  raw: Record<string, unknown>,
  current: ChecklistData,
  lookups: ChecklistLookups = {},
): ParsedChecklistData {
  const data: ChecklistData = {};
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    if (field.serverSet) {
      data[field.name] = current[field.name] ?? field.defaultValue;
      continue;
    }
    const parsed = parseField(field, raw[field.name], lookups);
    if ('error' in parsed) errors[field.name] = parsed.error;
    else data[field.name] = parsed.value;
  }
  const known = new Set(form.fields.map((f) => f.name));
  for (const name of Object.keys(raw)) {
    if (!known.has(name)) errors[name] = `The ${form.title.toLowerCase()} has no field ${name}.`;
  }
  return { data, errors };
}

/** A value as people read it: option labels, Yes/No for tick boxes, '' for nothing (PDF, history, summaries). */
export function formatChecklistValue(
  field: ChecklistField | undefined,
  value: ChecklistValue,
  names: { dropTypes?: ReadonlyMap<number, string> } = {},
): string {
  if (value === null || value === '') return '';
  if (!field) return String(value);
  switch (field.kind) {
    case 'checkbox':
      return value === 1 ? 'Yes' : 'No';
    case 'tri-state':
    case 'select':
      return field.options?.find((o) => String(o.value) === String(value))?.label ?? String(value);
    case 'drop-type':
      return names.dropTypes?.get(Number(value)) ?? `Drop type ${value}`;
    default:
      return String(value);
  }
}
