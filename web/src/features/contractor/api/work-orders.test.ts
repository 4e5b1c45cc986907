import { type ContractorLastSearch, type ContractorSearchResult, DEFAULT_CONTRACTOR_SEARCH } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { contractorKeys, contractorListsButLastSearch, firstAnswer } from './work-orders';

const result = (total: number): ContractorSearchResult => ({ workOrders: [], total, limit: 200 });
const last = (first: ContractorLastSearch['first']): ContractorLastSearch => ({ criteria: null, savedAt: null, first });
const READ_AT = Date.parse('2026-11-25T03:00:00Z');

describe('the first search, answered with the last search', () => {
  it('starts the search the page runs, as of when it was read', () => {
    // The page's criteria come from its form: the same search, its keys in another order.
    const criteria = { order: 'desc', sort: 'DueDate', ByAssignment: '1' } as const;
    expect(firstAnswer(last({ criteria: DEFAULT_CONTRACTOR_SEARCH, result: result(7) }), READ_AT, criteria)).toEqual({
      result: result(7),
      readAt: READ_AT,
    });
  });

  it('is left out for another search, before the criteria are set, and when there is none', () => {
    const answered = last({ criteria: DEFAULT_CONTRACTOR_SEARCH, result: result(7) });
    expect(firstAnswer(answered, READ_AT, { ...DEFAULT_CONTRACTOR_SEARCH, CustomerName: 'Boone' })).toBeUndefined();
    expect(firstAnswer(answered, READ_AT, null)).toBeUndefined();
    expect(firstAnswer(last(null), READ_AT, DEFAULT_CONTRACTOR_SEARCH)).toBeUndefined();
    expect(firstAnswer(undefined, READ_AT, DEFAULT_CONTRACTOR_SEARCH)).toBeUndefined();
  });

  it('is not asked again when a work order changes (the page keeps it as its searches answer)', () => {
    const refreshed = (key: readonly unknown[]) => contractorListsButLastSearch.predicate({ queryKey: key });
    expect(refreshed(contractorKeys.lastSearch())).toBe(false);
    expect(refreshed(contractorKeys.search(DEFAULT_CONTRACTOR_SEARCH))).toBe(true);
    expect(refreshed(contractorKeys.home('open', 0))).toBe(true);
  });
});
