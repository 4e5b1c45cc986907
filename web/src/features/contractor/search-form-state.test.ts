import { DEFAULT_CONTRACTOR_SEARCH } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { criteriaFromForm, defaultSearchForm, formFromCriteria } from './search-form-state';

const today = new Date(2025, 2, 15);

describe('contractor search form', () => {
  it('defaults to assigned-to-me, due date descending, and a date range of -61..+7 days (off)', () => {
    const form = defaultSearchForm(today);
    expect(form).toMatchObject({ assignedToMe: true, sort: 'DueDate', order: 'desc', dateFilter: false });
    expect([form.DateFrom, form.DateTo]).toEqual(['2025-01-13', '2025-03-22']);
  });

  it('sends the search the server answers with the last search when none is remembered (DEFAULT_CONTRACTOR_SEARCH)', () => {
    for (const company of [1, 2])
      expect(criteriaFromForm(defaultSearchForm(today), company)).toEqual(DEFAULT_CONTRACTOR_SEARCH);
  });

  it('sends only the filled-in fields, trimmed, and dates only with the date filter on', () => {
    const form = { ...defaultSearchForm(today), Address: '  12 Elm St ', CustomerName: '   ', WorkOrderID: '110001' };
    expect(criteriaFromForm(form, 2)).toEqual({
      ByAssignment: '1',
      sort: 'DueDate',
      order: 'desc',
      WorkOrderID: 110001,
      Address: '12 Elm St',
    });
    const dated = criteriaFromForm({ ...form, dateFilter: true, assignedToMe: false }, 2);
    expect(dated).toMatchObject({ ByAssignment: '0', DateFrom: '2025-01-13', DateTo: '2025-03-22' });
  });

  it("keeps 'assigned to you' on for company 1 even if the box was unticked", () => {
    expect(criteriaFromForm({ ...defaultSearchForm(today), assignedToMe: false }, 1).ByAssignment).toBe('1');
  });

  it('restores the form from the last search', () => {
    const form = formFromCriteria(
      { WorkOrderType: 'Dispatch', DateFrom: '2025-03-01', ByAssignment: '0', sort: 'EventTime', order: 'asc' },
      today,
    );
    expect(form).toMatchObject({
      WorkOrderType: 'Dispatch',
      dateFilter: true,
      DateFrom: '2025-03-01',
      DateTo: '2025-03-22',
      assignedToMe: false,
      sort: 'EventTime',
      order: 'asc',
    });
  });
});
