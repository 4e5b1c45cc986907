import { NO_WORK_ORDERS_FOUND } from '@strand/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/ui/page-title';
import { useCalendarEvents } from '../api/field';
import { useContractorHome } from '../api/work-orders';
import { formatTime } from '../format';
import { AcknowledgeButton } from './acknowledge-button';
import { ContractorOnly } from './contractor-only';
import { detailsPath, WorkOrderCard } from './work-order-card';
import '../../../styles/contractor.css';
import { ButtonLink } from '../../../lib/ui/button-link';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Skeleton } from '../../../lib/ui/skeleton';

/** /contractorHome: what needs the crew today: acknowledgements, open work and today's schedule. */
export function ContractorHomePage() {
  usePageTitle('Home');
  return (
    <ContractorOnly title="Home">
      <HomeContent />
    </ContractorOnly>
  );
}

function useToday() {
  return useMemo(() => {
    const now = new Date();
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    return { start, end: new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1) };
  }, []);
}

function HomeContent() {
  const home = useContractorHome();
  const today = useToday();
  const schedule = useCalendarEvents(today.start, today.end);

  return (
    <section className="contractor-page" aria-labelledby="home-heading">
      <h1 id="home-heading">Home</h1>
      {home.isError && (
        <div className="alert alert--error" role="alert">
          {errorMessage(home.error)}
        </div>
      )}
      <div className="home-grid">
        <section className="card home-card" aria-labelledby="today-heading">
          <h2 id="today-heading">Today’s schedule</h2>
          {schedule.isPending && <Skeleton label="Loading…" />}
          {schedule.isError && <p role="alert">{errorMessage(schedule.error)}</p>}
          {schedule.data && schedule.data.length === 0 && <EmptyState>Nothing is scheduled today.</EmptyState>}
          {schedule.data && schedule.data.length > 0 && (
            <ul className="schedule-list">
              {schedule.data.map((e) => (
                <li key={e.id}>
                  <span className="schedule-list__time">
                    {formatTime(e.start)}–{formatTime(e.end)}
                  </span>
                  {e.WorkOrderID ? <Link to={detailsPath(e.WorkOrderID)}>{e.title}</Link> : <span>{e.title}</span>}
                </li>
              ))}
            </ul>
          )}
          <Link to="/calendar">Open the calendar</Link>
        </section>

        <section className="card home-card" aria-labelledby="awaiting-heading">
          <h2 id="awaiting-heading">Awaiting acknowledgement{home.data ? ` (${home.data.awaitingCount})` : ''}</h2>
          {home.isPending && <Skeleton label="Loading…" />}
          {home.data && home.data.awaitingAcknowledgement.length === 0 && (
            <EmptyState>Every open work order is acknowledged.</EmptyState>
          )}
          {home.data && home.data.awaitingAcknowledgement.length > 0 && (
            <ul className="wo-list">
              {home.data.awaitingAcknowledgement.map((w) => (
                <WorkOrderCard
                  key={w.nCount}
                  workOrder={w}
                  actions={<AcknowledgeButton workOrderId={w.nCount} acknowledged={w.acknowledged} />}
                />
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className="home-open" aria-labelledby="open-heading">
        <h2 id="open-heading">Open work orders{home.data ? ` (${home.data.openCount})` : ''}</h2>
        {home.data && home.data.open.length === 0 && <EmptyState>{NO_WORK_ORDERS_FOUND}</EmptyState>}
        {home.data && home.data.open.length > 0 && (
          <>
            <ul className="wo-list">
              {home.data.open.map((w) => (
                <WorkOrderCard
                  key={w.nCount}
                  workOrder={w}
                  actions={
                    <ButtonLink variant="secondary" to={`/workOrders?wo=${w.nCount}&edit=${w.nCount}`}>
                      Open checklist
                    </ButtonLink>
                  }
                />
              ))}
            </ul>
            {home.data.openCount > home.data.open.length && (
              <p>
                Showing the next {home.data.open.length} of {home.data.openCount}.{' '}
                <Link to="/workOrders">Search all work orders</Link>
              </p>
            )}
          </>
        )}
      </section>
    </section>
  );
}
