/**
 * The region of a list or report that a search refills. With react-query's `keepPreviousData` the previous search's
 * rows stay on screen until the next answers: while they do (or while the list is re-read), the region says
 * `aria-busy="true"`, so screen readers (and browser tests) know the rows are not the search's yet, and
 * `data-stale` dims them a little (base.css). Spread the result on the element that holds the rows.
 */
export interface ResultsState {
  isFetching: boolean;
  isPlaceholderData: boolean;
}

export function resultsRegionProps({ isFetching, isPlaceholderData }: ResultsState): {
  'aria-busy': true | undefined;
  'data-stale': true | undefined;
} {
  return {
    'aria-busy': isFetching || isPlaceholderData || undefined,
    'data-stale': isPlaceholderData || undefined,
  };
}
