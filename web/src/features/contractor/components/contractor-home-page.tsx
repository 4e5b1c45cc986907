import {
  CONTRACTOR_HOME_LISTS,
  type ContractorHome,
  type ContractorHomeList,
  NO_WORK_ORDERS_FOUND,
} from '@strand/domain';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/ui/page-title';
import { useCalendarEvents } from '../api/field';
import { useContractorHome } from '../api/work-orders';
import { formatTime } from '../format';
import { AcknowledgeButton } from './acknowledge-button';
import { ContractorOnly } from './contractor-only';
import { detailsPath, WorkOrderCard } from './work-order-card';
import '../../../styles/contractor.css';
import { Button } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Skeleton } from '../../../lib/ui/skeleton';

/** /contractorHome: a dashboard: counts as tiles that pick the list, today's schedule, and one list, paged. */
export function ContractorHomePage() {
  usePageTitle('Home');
  return (
    <ContractorOnly title="Home">
      <HomeContent />
    </ContractorOnly>
  );
}

const LISTS: Record<ContractorHomeList, { tile: string; heading: string; empty: string }> = {
  open: { tile: 'Open', heading: 'Open work orders', empty: NO_WORK_ORDERS_FOUND },
  awaiting: {
    tile: 'Awaiting acknowledgement',
    heading: 'Awaiting acknowledgement',
    empty: 'Every open work order is acknowledged.',
  },
  dueToday: { tile: 'Due today', heading: 'Due today', empty: 'Nothing is due today.' },
  overdue: { tile: 'Overdue', heading: 'Overdue', empty: 'Nothing is overdue.' },
};

const listOf = (value: string | null): ContractorHomeList =>
  (CONTRACTOR_HOME_LISTS as readonly string[]).includes(value ?? '') ? (value as ContractorHomeList) : 'open';

function useToday() {
  return useMemo(() => {
    const now = new Date();
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    return { start, end: new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1) };
  }, []);
}

function HomeContent() {
  const [params, setParams] = useSearchParams();
  const show = listOf(params.get('show'));
  const offset = Math.max(0, Number.parseInt(params.get('from') ?? '0', 10) || 0);
  const home = useContractorHome(show, offset);
  const goTo = (from: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (from > 0) next.set('from', String(from));
      else next.delete('from');
      return next;
    });

  return (
    <section className="contractor-page" aria-labelledby="home-heading">
      <h1 id="home-heading">Home</h1>
      {home.isError && (
        <div className="alert alert--error" role="alert">
          {errorMessage(home.error)}
        </div>
      )}
      <CountTiles home={home.data} show={show} />
      <div className="home-layout">
        <TodaySchedule />
        <section className="home-list" aria-labelledby="list-heading" aria-busy={home.isFetching}>
          <h2 id="list-heading">
            {LISTS[show].heading}
            {home.data ? ` (${home.data.total})` : ''}
          </h2>
          {home.isPending && <Skeleton label="Loading…" />}
          {home.data && home.data.workOrders.length === 0 && <EmptyState>{LISTS[show].empty}</EmptyState>}
          {home.data && home.data.workOrders.length > 0 && (
            <>
              <ul className="wo-list">
                {home.data.workOrders.map((w) => (
                  <WorkOrderCard
                    key={w.nCount}
                    workOrder={w}
                    actions={
                      <>
                        <ButtonLink
                          to={`/workOrders?wo=${w.nCount}&edit=${w.nCount}`}
                          aria-label={`Edit the checklist of work order ${w.nCount}`}
                        >
                          Edit checklist
                        </ButtonLink>
                        <AcknowledgeButton workOrderId={w.nCount} acknowledged={w.acknowledged} />
                      </>
                    }
                  />
                ))}
              </ul>
              <Pager home={home.data} onPage={goTo} />
            </>
          )}
        </section>
      </div>
    </section>
  );
}

/** The counts, each a link that shows its list (the address keeps it, so Back and a reload keep the choice). */
function CountTiles({ home, show }: { home: ContractorHome | undefined; show: ContractorHomeList }) {
  const order: ContractorHomeList[] = ['awaiting', 'dueToday', 'overdue', 'open'];
  return (
    <nav className="home-tiles" aria-label="Work order counts">
      <ul>
        {order.map((list) => {
          const count = home?.counts[list];
          const alarm = list === 'overdue' && (count ?? 0) > 0;
          return (
            <li key={list}>
              <Link
                to={list === 'open' ? '?' : `?show=${list}`}
                className={`home-tile${alarm ? ' home-tile--alarm' : ''}${show === list ? ' home-tile--current' : ''}`}
                aria-current={show === list ? 'true' : undefined}
              >
                <span className="home-tile__count">{count ?? '–'}</span>
                <span className="home-tile__label">{LISTS[list].tile}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Pager({ home, onPage }: { home: ContractorHome; onPage(from: number): void }) {
  if (home.total <= home.limit && home.offset === 0) return null;
  const last = Math.min(home.offset + home.workOrders.length, home.total);
  return (
    <nav className="home-pager" aria-label="Pages">
      <Button
        type="button"
        variant="secondary"
        disabled={home.offset === 0}
        onClick={() => onPage(Math.max(0, home.offset - home.limit))}
      >
        Previous
      </Button>
      <span role="status">
        {home.offset + 1}–{last} of {home.total}
      </span>
      <Button
        type="button"
        variant="secondary"
        disabled={last >= home.total}
        onClick={() => onPage(home.offset + home.limit)}
      >
        Next
      </Button>
    </nav>
  );
}

/** Entries of today's schedule shown before "Show all". */
const SCHEDULE_FOLDED = 4;

function TodaySchedule() {
  const today = useToday();
  const schedule = useCalendarEvents(today.start, today.end);
  const [all, setAll] = useState(false);
  const events = schedule.data ?? [];
  const shown = all ? events : events.slice(0, SCHEDULE_FOLDED);
  return (
    <section className="card home-schedule" aria-labelledby="today-heading">
      <h2 id="today-heading">Today’s schedule</h2>
      {schedule.isPending && <Skeleton label="Loading…" />}
      {schedule.isError && <p role="alert">{errorMessage(schedule.error)}</p>}
      {schedule.data && events.length === 0 && <EmptyState>Nothing is scheduled today.</EmptyState>}
      {shown.length > 0 && (
        <ul className="schedule-list">
          {shown.map((e) => (
            <li key={e.id}>
              <span className="schedule-list__time">
                {formatTime(e.start)}–{formatTime(e.end)}
              </span>
              {e.WorkOrderID ? <Link to={detailsPath(e.WorkOrderID)}>{e.title}</Link> : <span>{e.title}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        {events.length > SCHEDULE_FOLDED && (
          <Button type="button" variant="tertiary" aria-expanded={all} onClick={() => setAll((a) => !a)}>
            {all ? 'Show fewer' : `Show all ${events.length}`}
          </Button>
        )}
        <Link to="/calendar">Open the calendar</Link>
      </div>
    </section>
  );
}
