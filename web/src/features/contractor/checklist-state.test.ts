import { type ContractorWorkOrder, checklistFormFor, workOrderTypeByDescription } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { initialChecklistState, submissionOf } from './checklist-state';

const formOf = (description: string) => {
  const type = workOrderTypeByDescription(description);
  const form = type && checklistFormFor(type);
  if (!form) throw new Error(description);
  return form;
};

const workOrder = (data: Record<string, string | number | null>, extra: Partial<ContractorWorkOrder> = {}) =>
  ({
    isComplete: false,
    checklist: { data, tsArrivalOnsite: null, tsWorkComplete: null, txtNotes: null },
    ...extra,
  }) as unknown as ContractorWorkOrder;

describe('checklist form state', () => {
  it('empties a stored zero date and defaults the times to 00:00', () => {
    const form = formOf('Yard Complaint');
    const state = initialChecklistState(form, workOrder({ nRestorationComplete: 1, dtDateCompleted: '0000-00-00' }));
    expect(state.data).toEqual({ nRestorationComplete: 1, dtDateCompleted: null });
    expect(state.arrival).toEqual({ date: '', time: '00:00' });
  });

  it('sends the date time as a timestamp at 00:00 when no time was chosen', () => {
    const form = formOf('Coiled Drop');
    const state = {
      ...initialChecklistState(form, workOrder({ nBoreNum: 40 })),
      arrival: { date: '2025-03-04', time: '' },
    };
    const sent = submissionOf(form, state);
    expect(sent.tsArrivalOnsite).toBe(new Date('2025-03-04T00:00:00').toISOString());
    expect(sent.tsWorkComplete).toBeNull();
    expect(sent).not.toHaveProperty('oneTime');
    expect(sent.WOComplete).toBe('off');
  });

  it('sends the one-time options only from forms with splicing fields, and never server-set fields', () => {
    const splicing = formOf('MST Splicing');
    const state = initialChecklistState(splicing, workOrder({}));
    expect(
      submissionOf(splicing, { ...state, oneTime: { spliceCaseRehang: true, aerialRehang: false } }).oneTime,
    ).toEqual({
      spliceCaseRehang: true,
      aerialRehang: false,
    });
    const colo = formOf('Dispatch');
    const coloSent = submissionOf(colo, initialChecklistState(colo, workOrder({ dtLastUpdated: '2025-01-01' })));
    expect(coloSent.data).not.toHaveProperty('dtLastUpdated');
    expect(coloSent.data.vcInstallCategories).toBe('None specified');
  });
});
