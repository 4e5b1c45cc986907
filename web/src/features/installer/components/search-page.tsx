import {
  defaultSearchForm,
  defaultSort,
  type SearchForm as SearchFormState,
  START_SEARCH,
  searchFormFromParams,
  searchParamsFromForm,
  sortOfParams,
  type WorkOrderSearchParams,
  WorkOrderSearchQuerySchema,
  type WorkOrderSortField,
} from '@strand/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formErrorsFrom, zodFieldErrors } from '../../../lib/form-errors';
import { locate } from '../../../lib/geolocation';
import { rememberSearch } from '../../../lib/last-search';
import { OfflineNotice } from '../../../lib/offline/offline-notice';
import { popup } from '../../../lib/popup-store';
import { Slot } from '../../../lib/slots';
import { FormAlert } from '../../../lib/ui/form-alert';
import { InstallerOnly } from '../../../lib/ui/installer-only';
import { usePageTitle } from '../../../lib/ui/page-title';
import { resultsRegionProps } from '../../../lib/ui/results-region';
import { Skeleton } from '../../../lib/ui/skeleton';
import { searchQueryString, useWorkOrderSearch, useWorkOrderTypes } from '../api/search-work-orders';
import { SearchForm } from './search-form';
import { SearchResults } from './search-results';
import '../../../styles/installer.css';

const PARAM_NAMES = [
  'WorkOrderID',
  'CustomerName',
  'CustomerID',
  'ByAssignment',
  'ShowPendingAssigned',
  'WorkOrderType',
  'Distance',
  'Latitude',
  'Longitude',
  'Address',
  'DateFrom',
  'DateTo',
  'SortBy',
  'SortOrder',
] as const;

/** The search in the address bar; a bare /search is the start search (the installer's assigned work orders). */
function paramsFromUrl(url: URLSearchParams): WorkOrderSearchParams {
  const params: Record<string, string> = {};
  for (const name of PARAM_NAMES) {
    const value = url.get(name);
    if (value !== null && value !== '') params[name] = value;
  }
  return Object.keys(params).length === 0 ? { ...START_SEARCH } : (params as WorkOrderSearchParams);
}

/** /search (and / for installers): the search form, run at once for the installer's own work orders (SPEC §2, §7). */
export function SearchPage() {
  return (
    <InstallerOnly title="Search WO">
      <WorkOrderSearch />
    </InstallerOnly>
  );
}

function WorkOrderSearch() {
  usePageTitle('Search WO');
  const [url, setUrl] = useSearchParams();
  const params = useMemo(() => paramsFromUrl(url), [url]);
  const key = searchQueryString(params);
  const [form, setForm] = useState<SearchFormState>(() => searchFormFromParams(params, new Date()));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [locating, setLocating] = useState(false);
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const types = useWorkOrderTypes();
  const search = useWorkOrderSearch(params);
  // The form folds away on a phone, so the assigned work comes first (issue 27); a wide screen shows it open.
  const [panelOpen, setPanelOpen] = useState(() => !window.matchMedia?.('(max-width: 719px)').matches);
  // After Search, the answer comes into view and takes the focus (not on the first load: the page starts at the top).
  const searched = useRef(false);
  const resultsHeading = useRef<HTMLHeadingElement & HTMLDivElement>(null);
  useEffect(() => {
    if (!searched.current || search.isFetching || !search.data) return;
    searched.current = false;
    resultsHeading.current?.scrollIntoView({ block: 'start' });
    resultsHeading.current?.focus({ preventScroll: true });
  }, [search.isFetching, search.data]);

  // Back/forward (or 'Go back to search results') shows the form of the search in the address bar.
  useEffect(() => {
    setForm(searchFormFromParams(paramsFromUrl(new URLSearchParams(key)), new Date()));
    rememberSearch(key);
  }, [key]);

  const run = (next: WorkOrderSearchParams) => {
    const parsed = WorkOrderSearchQuerySchema.safeParse(next);
    if (!parsed.success) {
      setClientErrors(zodFieldErrors(parsed.error));
      return;
    }
    setClientErrors({});
    searched.current = true;
    const nextKey = searchQueryString(next);
    if (nextKey === key) void search.refetch();
    else setUrl(new URLSearchParams(nextKey));
  };

  const onSubmit = async () => {
    let position = null;
    setLocationNote(null);
    if (form.nearby) {
      setLocating(true);
      const located = await locate();
      setLocating(false);
      position = located.position;
      if (located.problem) {
        popup.show(located.problem);
        setLocationNote(`${located.problem}. Searching near the default location instead.`);
      }
    }
    run(searchParamsFromForm(form, position));
  };

  const onSort = (sortBy: WorkOrderSortField, sortOrder: 'asc' | 'desc') => {
    setForm((f) => ({ ...f, sortBy, sortOrder }));
    // The sort applies to the search on screen (the cap keeps the first 200 in the new order).
    const { SortBy: _s, SortOrder: _o, ...rest } = params;
    const fallback = defaultSort(rest.Distance !== undefined);
    run({
      ...rest,
      ...(sortBy === fallback.sortBy ? {} : { SortBy: sortBy }),
      ...(sortOrder === defaultSort(sortBy === 'distance').sortOrder ? {} : { SortOrder: sortOrder }),
    });
  };

  const onClear = () => {
    setForm(defaultSearchForm(new Date()));
    setClientErrors({});
    setLocationNote(null);
    setUrl(new URLSearchParams());
  };

  const serverErrors = search.isError ? formErrorsFrom(search.error) : null;
  const errors = { ...(serverErrors?.fields ?? {}), ...clientErrors };

  return (
    <section className="page page--wide" aria-labelledby="search-heading">
      <h1 id="search-heading">Search WO</h1>
      {/* Offline (issue 5): prefetch for offline use, and the notice of a cached search. */}
      <Slot name="searchTools" fallback={<div className="search-tools-placeholder" />} />
      <OfflineNotice pathPrefix="/api/installer/work-orders?" />
      <details
        className="card wo-search-panel"
        open={panelOpen || Object.keys(errors).length > 0}
        onToggle={(e) => setPanelOpen(e.currentTarget.open)}
      >
        <summary>
          Search and filters
          <span className="muted wo-search-panel__now">{searchSummary(params)}</span>
        </summary>
        <SearchForm
          form={form}
          types={types.data ?? []}
          typesFailed={types.isError}
          busy={locating || search.isFetching}
          errors={errors}
          onChange={(changes) =>
            setForm((f) => ({
              ...f,
              ...changes,
              // Nearby lists the nearest first; leaving it goes back to the due date.
              ...(changes.nearby === undefined ? {} : defaultSort(changes.nearby)),
            }))
          }
          onSubmit={() => void onSubmit()}
          onClear={onClear}
          onSort={onSort}
        />
      </details>
      {locating && (
        <p className="muted" role="status">
          Finding your location…
        </p>
      )}
      {locationNote && <p className="wo-note">{locationNote}</p>}
      <FormAlert message={serverErrors?.message ?? null} />
      {search.data && !search.isError && (
        <div {...resultsRegionProps(search)}>
          <SearchResults result={search.data} headingRef={resultsHeading} />
        </div>
      )}
      {search.isPending && <Skeleton label="Loading your work orders…" />}
    </section>
  );
}

/** One line under the folded panel: what the list on screen is. */
function searchSummary(params: WorkOrderSearchParams): string {
  const parts = [params.ByAssignment === '1' ? 'Assigned to me' : 'Anyone’s work'];
  if (params.ShowPendingAssigned === '1') parts.push('with pending');
  if (params.Distance) parts.push(`within ${params.Distance} ft`);
  const filters = (
    ['CustomerName', 'CustomerID', 'WorkOrderID', 'Address', 'WorkOrderType', 'DateFrom'] as const
  ).filter((name) => params[name] !== undefined).length;
  if (filters > 0) parts.push(`${filters} more filter${filters === 1 ? '' : 's'}`);
  const sort = sortOfParams(params);
  if (sort.sortBy === 'distance') parts.push('nearest first');
  return ` · ${parts.join(', ')}`;
}
