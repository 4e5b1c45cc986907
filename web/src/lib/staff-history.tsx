/**
 * A subject's history for staff (the staff account, order and ticket pages, a work order's): filters by who, action
 * and dates, 25 a page. `only` keeps it to the actions that start with it (the account's payments: customer.payment.).
 */
import type { HistorySubjectType } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from './api-client';
import { type HistoryFilters, staffItem, useStaffHistory } from './history';
import { Button } from './ui/button';
import { DateField } from './ui/date-time-field';
import { FormAlert } from './ui/form-alert';
import { Skeleton } from './ui/skeleton';
import { TextField } from './ui/text-field';
import { Timeline } from './ui/timeline';

export function StaffHistory({
  type,
  id,
  title = 'History',
  only,
  headingLevel = 2,
}: {
  type: HistorySubjectType;
  id: string;
  title?: string;
  only?: string;
  headingLevel?: 2 | 3;
}) {
  const [draft, setDraft] = useState<HistoryFilters>({});
  const [filters, setFilters] = useState<HistoryFilters>({ page: 1 });
  const history = useStaffHistory(type, id, only ? { ...filters, action: only } : filters);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const headingId = `history-${type}-${id}${only ? `-${only.replace(/\W/g, '')}` : ''}`;
  const set = (k: keyof HistoryFilters) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.pageSize)) : 1;
  const page = filters.page ?? 1;

  return (
    <section className="stack" aria-labelledby={headingId}>
      <Heading id={headingId}>{title}</Heading>
      <form
        aria-label={`Filter: ${title}`}
        className="history-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ ...draft, page: 1 });
        }}
      >
        <TextField
          label="Who"
          hint="A name, or staff, customer, system"
          value={draft.actor ?? ''}
          onValueChange={set('actor')}
        />
        {!only && <TextField label="Action starts with" value={draft.action ?? ''} onValueChange={set('action')} />}
        <DateField label="From" todayLabel={false} value={draft.from ?? ''} onValueChange={set('from')} />
        <DateField label="To" todayLabel={false} value={draft.to ?? ''} onValueChange={set('to')} />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </form>
      {history.isPending && <Skeleton label="Loading the history…" />}
      {history.isError && <FormAlert message={errorMessage(history.error)} />}
      {history.data && (
        <>
          <p className="muted">
            {history.data.total} entr{history.data.total === 1 ? 'y' : 'ies'}
          </p>
          <Timeline label={title} empty="No changes recorded." items={history.data.entries.map(staffItem)} />
          {pages > 1 && (
            <p className="actions">
              <Button
                type="button"
                variant="secondary"
                disabled={page <= 1}
                onClick={() => setFilters((f) => ({ ...f, page: page - 1 }))}
              >
                Newer
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button
                type="button"
                variant="secondary"
                disabled={page >= pages}
                onClick={() => setFilters((f) => ({ ...f, page: page + 1 }))}
              >
                Older
              </Button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
