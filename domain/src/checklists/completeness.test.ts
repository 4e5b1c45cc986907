import { describe, expect, it } from 'vitest';
import { isWorkOrderComplete, parseJsonObject } from './completeness.js';

const wo = (status: string, viewFile: string, checklist: Record<string, unknown> | null = null) => ({
  status,
  viewFile,
  isBusiness: false,
  templateType: null,
  checklistJson: checklist ? JSON.stringify(checklist) : null,
});

describe('isWorkOrderComplete', () => {
  it('is complete when an install form says Complete, not while Open', () => {
    expect(isWorkOrderComplete(wo('Complete', 'consumer_fiber_install'))).toBe(true);
    expect(isWorkOrderComplete(wo('Open', 'consumer_fiber_install'))).toBe(false);
  });

  it('counts a yard complaint complete by its completion date, whatever the status', () => {
    expect(isWorkOrderComplete(wo('Open', 'yard_complaint', { dtDateCompleted: '2026-03-04' }))).toBe(true);
    expect(isWorkOrderComplete(wo('Complete', 'yard_complaint', { dtDateCompleted: '0000-00-00' }))).toBe(false);
    expect(isWorkOrderComplete(wo('Complete', 'yard_complaint'))).toBe(false);
  });

  it('takes the status of a work order without a checklist form (Complete or Closed)', () => {
    expect(isWorkOrderComplete(wo('Closed', 'legacy_pole_audit'))).toBe(true);
    expect(isWorkOrderComplete(wo('Complete', 'legacy_pole_audit'))).toBe(true);
    expect(isWorkOrderComplete(wo('Open', 'legacy_pole_audit'))).toBe(false);
  });

  it('reads a broken stored checklist as empty rather than failing', () => {
    expect(isWorkOrderComplete({ ...wo('Open', 'yard_complaint'), checklistJson: '{not json' })).toBe(false);
  });
});

describe('parseJsonObject', () => {
  it('answers {} for nothing, broken JSON, arrays and scalars', () => {
    expect(parseJsonObject(null)).toEqual({});
    expect(parseJsonObject('{x')).toEqual({});
    expect(parseJsonObject('[1]')).toEqual({});
    expect(parseJsonObject('3')).toEqual({});
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
  });
});
