import { type ContractorLastSearch, type ContractorSearchInput, NO_WORK_ORDERS_FOUND } from '@strand/domain';
import { useDeferredValue, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/browser-session';
import { formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { resultsRegionProps } from '../../../lib/ui/results-region';
import { firstAnswer, useLastSearch, useRunSearch, useWorkOrderSearch } from '../api/work-orders';
import { criteriaFromForm, defaultSearchForm, formFromCriteria, type SearchFormState } from '../search-form-state';
import { AcknowledgeButton } from './acknowledge-button';
import { ChecklistModal } from './checklist-modal';
import { ContractorOnly } from './contractor-only';
import { SearchForm } from './search-form';
import { WorkOrderCard } from './work-order-card';
import { WorkOrderDetails } from './work-order-details';
import '../../../styles/contractor.css';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';

/** /workOrders: search (the last search restored), a work order's details, and its checklist in the edit modal. */
export function WorkOrdersPage() {
  usePageTitle('Work Orders');
  return (
    <ContractorOnly title="Work Orders">
      <WorkOrdersContent />
    </ContractorOnly>
  );
}

interface FirstSearch {
  form: SearchFormState;
  criteria: ContractorSearchInput;
  restored: boolean;
}

/** The last search restored into the form (or the defaults), and its criteria. */
function firstSearch(last: ContractorLastSearch | undefined, nContractor: number): FirstSearch {
  const saved = last?.criteria ?? null;
  const form = saved ? formFromCriteria(saved) : defaultSearchForm();
  return { form, criteria: criteriaFromForm(form, nContractor), restored: saved !== null };
}

const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

function WorkOrdersContent() {
  const { claims } = useSession();
  const nContractor = claims?.nContractor ?? 0;
  const [params, setParams] = useSearchParams();
  const selected = idParam(params.get('wo'));
  const editing = idParam(params.get('edit'));
  const last = useLastSearch();
  // The search the page starts with: the last one restored (or the defaults). At once when the last search is in
  // before the page (its early read), else once it answers; its answer came with it (firstAnswer).
  const [start] = useState(() => (last.isPending ? null : firstSearch(last.data, nContractor)));
  const [form, setForm] = useState<SearchFormState | null>(start?.form ?? null);
  const [criteria, setCriteria] = useState<ContractorSearchInput | null>(start?.criteria ?? null);
  const [restored, setRestored] = useState(start?.restored ?? false);
  // On phones the form folds away so the results come first; wide screens show it open.
  const [searchOpen, setSearchOpen] = useState(() => !window.matchMedia('(max-width: 768px)').matches);
  const search = useWorkOrderSearch(criteria, firstAnswer(last.data, last.dataUpdatedAt, criteria));
  const runSearch = useRunSearch(criteria, setCriteria);

  // Until the form is set: the last search answered after the page's first render.
  useEffect(() => {
    if (form !== null || last.isPending) return;
    const next = firstSearch(last.data, nContractor);
    setForm(next.form);
    setRestored(next.restored);
    setCriteria(next.criteria);
  }, [form, last.isPending, last.data, nContractor]);

  const setParam = (name: string, value: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, String(value));
        return next;
      },
      { replace: name === 'edit' && value === null },
    );

  const errors = search.isError ? formErrorsFrom(search.error) : NO_ERRORS;
  // An answer renders in the background (interruptible, in slices): a few hundred cards were one long task on a
  // phone, with taps and typing waiting behind it. An answer the page starts with shows in its first render.
  const result = useDeferredValue(search.data, search.data);

  return (
    <section className="contractor-page" aria-labelledby="wo-heading">
      <h1 id="wo-heading">Work Orders</h1>
      {selected !== null && (
        <WorkOrderDetails
          workOrderId={selected}
          onBack={() => setParam('wo', null)}
          onOpenChecklist={() => setParam('edit', selected)}
        />
      )}
      {form && (
        <details className="search-toggle" open={searchOpen} onToggle={(e) => setSearchOpen(e.currentTarget.open)}>
          <summary>Search work orders</summary>
          <SearchForm
            value={form}
            nContractor={nContractor}
            errors={errors.fields}
            busy={search.isFetching}
            onChange={setForm}
            onSearch={() => {
              setRestored(false);
              runSearch(criteriaFromForm(form, nContractor));
            }}
            onClear={() => {
              const cleared = defaultSearchForm();
              setForm(cleared);
              setRestored(false);
              runSearch(criteriaFromForm(cleared, nContractor));
            }}
          />
        </details>
      )}
      {restored && (
        <p className="muted" role="status">
          Your last search was restored.
        </p>
      )}
      <FormAlert message={errors.message} />
      <section aria-labelledby="results-heading" {...resultsRegionProps(search)}>
        <h2 id="results-heading" className="section-title">
          {result
            ? result.total > result.workOrders.length
              ? `Showing ${result.workOrders.length} of ${result.total} work orders`
              : `${result.total} work order${result.total === 1 ? '' : 's'}`
            : 'Results'}
        </h2>
        {(search.isPending || result !== search.data) && criteria !== null && <p className="muted">Searching…</p>}
        {result && result.workOrders.length === 0 && <EmptyState>{NO_WORK_ORDERS_FOUND}</EmptyState>}
        {result && result.workOrders.length > 0 && (
          <ul className="wo-list">
            {result.workOrders.map((w) => (
              <WorkOrderCard
                key={w.nCount}
                workOrder={w}
                actions={
                  <>
                    <Button
                      type="button"
                      onClick={() => setParam('edit', w.nCount)}
                      aria-label={`Open the checklist of work order ${w.nCount}`}
                    >
                      {w.isComplete ? 'View checklist' : 'Edit checklist'}
                    </Button>
                    {!w.isComplete && <AcknowledgeButton workOrderId={w.nCount} acknowledged={w.acknowledged} />}
                  </>
                }
              />
            ))}
          </ul>
        )}
      </section>
      {editing !== null && <ChecklistModal workOrderId={editing} onClose={() => setParam('edit', null)} />}
    </section>
  );
}
