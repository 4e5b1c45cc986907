import { describe, expect, it } from 'vitest';
import { resultsRegionProps } from './results-region';

describe('resultsRegionProps', () => {
  it('is busy and stale while the previous search’s rows stand in for the next', () => {
    expect(resultsRegionProps({ isFetching: true, isPlaceholderData: true })).toEqual({
      'aria-busy': true,
      'data-stale': true,
    });
  });

  it('is busy but not dimmed while the list’s own rows are re-read', () => {
    expect(resultsRegionProps({ isFetching: true, isPlaceholderData: false })).toEqual({
      'aria-busy': true,
      'data-stale': undefined,
    });
  });

  it('sets neither attribute once the rows are the search’s', () => {
    expect(resultsRegionProps({ isFetching: false, isPlaceholderData: false })).toEqual({
      'aria-busy': undefined,
      'data-stale': undefined,
    });
  });
});
