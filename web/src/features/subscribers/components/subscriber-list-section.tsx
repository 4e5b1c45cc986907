import {
  formatCents,
  parseDollarsToCents,
  SERVICE_CATEGORY_LABELS,
  type SubscriberFilter,
  SubscriberFilterSchema,
  type SubscriberList,
  type SubscriberListQuery,
  type SubscriberOptions,
  type SubscriberRow,
  type SubscriberSort,
} from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { type DataColumn, DataTable } from '../../../lib/ui/data-table';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField } from '../../../lib/ui/parts';
import { type ResultsState, resultsRegionProps } from '../../../lib/ui/results-region';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { downloadSubscribersCsv } from '../api/subscribers';
import { customerColumn } from './customer-column';

/** The subscriber list as an index table: what identifies a row and its state stay on a phone. */
const SUBSCRIBER_COLUMNS: readonly DataColumn<SubscriberRow>[] = [
  customerColumn(),
  { id: 'address', header: 'Service address', cell: (r) => <span className="cell-two-lines">{r.address}</span> },
  {
    id: 'area',
    header: 'Area',
    priority: 3,
    cell: (r) => (
      <>
        {r.centralOffice ?? '—'}
        {r.coloArea && (
          <>
            <br />
            <span className="muted">{r.coloArea}</span>
          </>
        )}
      </>
    ),
  },
  { id: 'packages', header: 'Packages', priority: 2, cell: (r) => r.packages.join(', ') },
  { id: 'ont', header: 'ONT', priority: 3, cell: (r) => (r.ontModels.length > 0 ? r.ontModels.join(', ') : '—') },
  { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.accountStatus} /> },
  {
    id: 'balance',
    header: 'Open balance',
    numeric: true,
    cell: (r) => (
      <>
        {formatCents(r.openBalanceCents)}
        {r.pastDue && (
          <>
            <br />
            <StatusBadge status="Past due" />
          </>
        )}
      </>
    ),
  },
];

export const PAGE_SIZE = 25;

interface FilterValues {
  packageId: string;
  category: string;
  centralOfficeId: string;
  coloArea: string;
  ontModelId: string;
  accountStatus: string;
  balanceOver: string;
  pastDue: string;
}

const EMPTY: FilterValues = {
  packageId: '',
  category: '',
  centralOfficeId: '',
  coloArea: '',
  ontModelId: '',
  accountStatus: '',
  balanceOver: '',
  pastDue: '',
};

/** The form's values as the filter the server reads (blanks left out, dollars to cents). */
function toFilter(v: FilterValues): Record<string, unknown> {
  const cents = v.balanceOver.trim() === '' ? undefined : parseDollarsToCents(v.balanceOver);
  return {
    packageId: v.packageId || undefined,
    category: v.category || undefined,
    centralOfficeId: v.centralOfficeId || undefined,
    coloArea: v.coloArea || undefined,
    ontModelId: v.ontModelId || undefined,
    accountStatus: v.accountStatus || undefined,
    // An amount that is no amount is sent as text, so the schema names the field.
    balanceOverCents: cents === null ? v.balanceOver : cents,
    pastDue: v.pastDue || undefined,
  };
}

const SORTS: { value: string; label: string; sort: SubscriberSort; dir: 'asc' | 'desc' }[] = [
  { value: 'customer', label: 'Customer name', sort: 'customer', dir: 'asc' },
  { value: 'account', label: 'Account number', sort: 'account', dir: 'asc' },
  { value: 'address', label: 'Service address', sort: 'address', dir: 'asc' },
  { value: 'area', label: 'Area', sort: 'area', dir: 'asc' },
  { value: 'status', label: 'Account status', sort: 'status', dir: 'asc' },
  { value: 'balance', label: 'Open balance, highest first', sort: 'balance', dir: 'desc' },
];

const any = (label: string) => ({ value: '', label });

/** Server field names to the form's (the balance is typed in dollars). */
function formFieldErrors(errors: FormErrors): FormErrors {
  const fields: Record<string, string> = {};
  for (const [k, m] of Object.entries(errors.fields)) fields[k === 'balanceOverCents' ? 'balanceOver' : k] = m;
  return { ...errors, fields };
}

export interface SubscriberListSectionProps {
  options: SubscriberOptions;
  query: SubscriberListQuery;
  onQueryChange(query: SubscriberListQuery): void;
  list: { data: SubscriberList | undefined; error: unknown; isPending: boolean } & ResultsState;
}

/** The filters (AND), the counts, the table page by page, and the CSV of the whole list. */
export function SubscriberListSection({ options, query, onQueryChange, list }: SubscriberListSectionProps) {
  const form = useForm<FilterValues>(EMPTY);
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const sortValue = SORTS.find((s) => s.sort === (query.sort ?? 'customer'))?.value ?? 'customer';

  const submit = form.submit(
    SubscriberFilterSchema,
    async (filter: SubscriberFilter) => {
      onQueryChange({ ...filter, sort: query.sort, dir: query.dir, page: 1, pageSize: PAGE_SIZE });
    },
    { check: toFilter, mapErrors: formFieldErrors },
  );

  const clear = () => {
    form.setValues(EMPTY);
    form.setErrors(NO_ERRORS);
    onQueryChange({ sort: query.sort, dir: query.dir, page: 1, pageSize: PAGE_SIZE });
  };

  const exportCsv = () => {
    setDownload({ busy: true, error: null });
    downloadSubscribersCsv(query)
      .then(() => setDownload({ busy: false, error: null }))
      .catch((e: unknown) => setDownload({ busy: false, error: errorMessage(e) }));
  };

  const serverErrors = list.error ? formFieldErrors(formErrorsFrom(list.error)) : NO_ERRORS;
  const err = (name: keyof FilterValues) => form.errors.fields[name] ?? serverErrors.fields[name];
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const page = query.page ?? 1;

  return (
    <section className="stack" aria-labelledby="subscriber-list-heading">
      <h2 id="subscriber-list-heading">Subscriber list</h2>
      <Form className="card form-card report-filter" onSubmit={submit} aria-label="Subscriber filters">
        <p className="muted">
          Active subscribers: service locations with at least one active package. Every filter you set must match.
        </p>
        <div className="report-filter__fields">
          <SelectField
            label="Package"
            {...form.field('packageId')}
            error={err('packageId')}
            options={[any('Any package'), ...options.packages.map((p) => ({ value: String(p.id), label: p.name }))]}
          />
          <SelectField
            label="Service"
            {...form.field('category')}
            error={err('category')}
            options={[
              any('Any service'),
              ...options.categories.map((c) => ({ value: c, label: SERVICE_CATEGORY_LABELS[c] })),
            ]}
          />
          <SelectField
            label="Central office"
            {...form.field('centralOfficeId')}
            error={err('centralOfficeId')}
            options={[
              any('Any central office'),
              ...options.centralOffices.map((o) => ({ value: String(o.id), label: o.name })),
            ]}
          />
          <SelectField
            label="Colo area"
            {...form.field('coloArea')}
            error={err('coloArea')}
            options={[any('Any colo area'), ...options.coloAreas.map((a) => ({ value: a, label: a }))]}
          />
          <SelectField
            label="ONT model"
            {...form.field('ontModelId')}
            error={err('ontModelId')}
            options={[any('Any ONT'), ...options.ontModels.map((m) => ({ value: String(m.id), label: m.name }))]}
          />
          <SelectField
            label="Account status"
            {...form.field('accountStatus')}
            error={err('accountStatus')}
            options={[any('Any status'), ...options.accountStatuses.map((s) => ({ value: s, label: s }))]}
          />
          <TextField
            label="Open balance above ($)"
            inputMode="decimal"
            autoComplete="off"
            hint="Unpaid invoices in total, e.g. 100"
            {...form.field('balanceOver')}
            error={err('balanceOver')}
          />
          <SelectField
            label="Past due"
            {...form.field('pastDue')}
            error={err('pastDue')}
            options={[
              any('Past due or not'),
              { value: 'true', label: 'Past due only' },
              { value: 'false', label: 'Not past due' },
            ]}
          />
        </div>
        <FormAlert message={form.errors.message} />
        <div className="actions">
          <Button type="submit">Show subscribers</Button>
          <Button type="button" variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        </div>
      </Form>

      {list.error !== null && list.error !== undefined && <FormAlert message={errorMessage(list.error)} />}
      {list.isPending && !list.error && <Skeleton label="Loading subscribers…" />}
      {data && (
        <div className="stack" {...resultsRegionProps(list)}>
          <div className="report-heading">
            <p className="report-range" data-testid="subscriber-counts" aria-live="polite">
              {data.total.toLocaleString('en-US')} service {data.total === 1 ? 'location' : 'locations'} ·{' '}
              {data.customers.toLocaleString('en-US')} {data.customers === 1 ? 'customer' : 'customers'}
            </p>
            <div className="subscribers-tools">
              <SelectField
                label="Sort by"
                value={sortValue}
                onValueChange={(v) => {
                  const s = SORTS.find((x) => x.value === v) ?? SORTS[0];
                  onQueryChange({ ...query, sort: s?.sort, dir: s?.dir, page: 1 });
                }}
                options={SORTS.map((s) => ({ value: s.value, label: s.label }))}
              />
              <Button
                type="button"
                variant="secondary"
                busy={download.busy}
                disabled={data.total === 0}
                onClick={exportCsv}
              >
                Export CSV
              </Button>
            </div>
          </div>
          <FormAlert message={download.error} />
          {data.rows.length === 0 ? (
            <EmptyState role="status">
              {data.total === 0
                ? 'No active subscriber matches these filters. Loosen a filter or clear them.'
                : 'This page is past the end of the list.'}
            </EmptyState>
          ) : (
            <>
              <DataTable
                caption="Subscribers"
                columns={SUBSCRIBER_COLUMNS}
                rows={data.rows}
                rowKey={(r) => String(r.serviceLocationId)}
              />
              <nav className="pager" aria-label="Pages of subscribers">
                <Button
                  type="button"
                  variant="secondary"
                  disabled={page <= 1}
                  onClick={() => onQueryChange({ ...query, page: page - 1 })}
                >
                  Previous
                </Button>
                <span>
                  Page {page} of {pages}
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={page >= pages}
                  onClick={() => onQueryChange({ ...query, page: page + 1 })}
                >
                  Next
                </Button>
              </nav>
            </>
          )}
        </div>
      )}
    </section>
  );
}
