import { type ContractorSearchInput, NO_WORK_ORDERS_FOUND } from '@strand/domain';
import { useDeferredValue, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/browser-session';
import { formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { resultsRegionProps } from '../../../lib/ui/results-region';
import { useLastSearch, useWorkOrderSearch } from '../api/work-orders';
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

const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

function WorkOrdersContent() {
  const { claims } = useSession();
  const nContractor = claims?.nContractor ?? 0;
  const [params, setParams] = useSearchParams();
  const selected = idParam(params.get('wo'));
  const editing = idParam(params.get('edit'));
  const last = useLastSearch();
  const [form, setForm] = useState<SearchFormState | null>(null);
  const [criteria, setCriteria] = useState<ContractorSearchInput | null>(null);
  const [restored, setRestored] = useState(false);
  // On phones the form folds away so the results come first; wide screens show it open.
  const [searchOpen, setSearchOpen] = useState(() => !window.matchMedia('(max-width: 768px)').matches);
  const search = useWorkOrderSearch(criteria);

  // queryLastWOSearch: once answered, restore the last search and run it (or start from the defaults).
  useEffect(() => {
    if (form !== null || last.isPending) return;
    const saved = last.data?.criteria ?? null;
    const start = saved ? formFromCriteria(saved) : defaultSearchForm();
    setForm(start);
    setRestored(saved !== null);
    setCriteria(criteriaFromForm(start, nContractor));
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
  // The list renders in the background (interruptible, in slices) once the answer is in: a few hundred cards were one
  // long task on a phone, with taps and typing waiting behind it.
  const result = useDeferredValue(search.data);

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
              setCriteria(criteriaFromForm(form, nContractor));
            }}
            onClear={() => {
              const cleared = defaultSearchForm();
              setForm(cleared);
              setRestored(false);
              setCriteria(criteriaFromForm(cleared, nContractor));
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
