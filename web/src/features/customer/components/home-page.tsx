import {
  type CustomerAccount,
  type CustomerHome,
  formatCents,
  type HomeAppointment,
  type HomeNotice,
  type HomeTicket,
} from '@strand/domain';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatMoment } from '../../../lib/format';
import { ButtonLink } from '../../../lib/ui/button-link';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { can, useCustomerAccount } from '../api/customer-account';
import { useCustomerHome } from '../api/home';
import '../../../styles/customer.css';
import '../../../styles/customer-home.css';

/**
 * Where a user lands: the home when it has something for them; a user who may only see bills goes to the Billing
 * Center, one with none of the home's pieces to Account Info.
 */
function homeLanding(account: CustomerAccount): string | null {
  const others = can(account, 'services') || can(account, 'tickets');
  if (others) return null;
  return can(account, 'billing-view') ? paths.billingCenter : paths.accountInfo;
}

/** /home: the customer's landing page — balance and paying, service, the next visit, open tickets, notices. */
export function HomePage() {
  usePageTitle('Home');
  const account = useCustomerAccount();
  const elsewhere = account.data ? homeLanding(account.data) : null;
  const home = useCustomerHome(account.isSuccess && elsewhere === null);

  if (elsewhere) return <Navigate to={elsewhere} replace />;
  const failed = account.error ?? home.error;
  if (failed) {
    return (
      <section className="page page--wide">
        <h1>Home</h1>
        <FormAlert message={errorMessage(failed)} />
      </section>
    );
  }
  if (!account.data || !home.data) {
    return (
      <section className="page page--wide" aria-busy="true">
        <h1>Home</h1>
        <Skeleton label="Loading your account…" />
      </section>
    );
  }
  return <LoadedHome account={account.data} home={home.data} />;
}

function LoadedHome({ account, home }: { account: CustomerAccount; home: CustomerHome }) {
  const greeting = account.vcCustomerType === 'Business' ? account.vcCustomerName : 'Welcome back';
  return (
    <section className="page page--wide home" aria-labelledby="home-heading">
      <h1 id="home-heading">Home</h1>
      <p className="page__lead">{greeting}</p>
      <div className="home__grid">
        {home.billing && <BillingCard billing={home.billing} />}
        {home.locations && <AppointmentCard appointment={home.nextAppointment} />}
        {home.locations && <LocationsCard locations={home.locations} />}
        {home.openTickets && <TicketsCard tickets={home.openTickets} />}
        <NoticesCard notices={home.notices} />
      </div>
    </section>
  );
}

function HomeCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card home-card" aria-labelledby={`home-${id}`}>
      <h2 id={`home-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

function BillingCard({ billing }: { billing: NonNullable<CustomerHome['billing']> }) {
  const autopay =
    billing.autopayLocations === 0
      ? 'Autopay is off.'
      : billing.autopayLocations === billing.mailingLocations
        ? 'Autopay is on.'
        : `Autopay is on for ${billing.autopayLocations} of ${billing.mailingLocations} billing addresses.`;
  return (
    <HomeCard id="billing" title="Your bill">
      <p className="home-card__figure">{formatCents(billing.balanceCents)}</p>
      <p className="muted">Balance</p>
      {billing.pastDueCents > 0 && (
        <p className="home-card__alert">{formatCents(billing.pastDueCents)} is past due. Please pay now.</p>
      )}
      <p>
        {billing.nextDueDate
          ? `Next due: ${formatCents(billing.nextDueCents)} on ${formatDay(billing.nextDueDate)}`
          : 'Nothing is due.'}
      </p>
      <p>
        {autopay}{' '}
        <Link to={`${paths.billingCenter}?section=autopay`}>
          {billing.autopayLocations === 0 ? 'Set up' : 'Change'}
        </Link>
      </p>
      <div className="actions">
        {billing.canPay && billing.balanceCents > 0 && (
          <ButtonLink to={`${paths.billingCenter}?section=bills`}>Pay {formatCents(billing.balanceCents)}</ButtonLink>
        )}
        <ButtonLink to={paths.billingCenter} variant="secondary">
          Billing Center
        </ButtonLink>
      </div>
    </HomeCard>
  );
}

const PURPOSE: Record<HomeAppointment['purpose'], string> = {
  install: 'Installation',
  repair: 'Repair visit',
  visit: 'Site visit',
};

function AppointmentCard({ appointment }: { appointment: HomeAppointment | null }) {
  return (
    <HomeCard id="appointment" title="Next appointment">
      {appointment ? (
        <>
          <p className="home-card__figure home-card__figure--small">{formatMoment(appointment.scheduledAt)}</p>
          <p>
            {PURPOSE[appointment.purpose]}: {appointment.kind}
          </p>
          <p className="muted">{appointment.fullAddress}</p>
        </>
      ) : (
        <EmptyState>No installation or repair visit is scheduled.</EmptyState>
      )}
    </HomeCard>
  );
}

function LocationsCard({ locations }: { locations: NonNullable<CustomerHome['locations']> }) {
  return (
    <HomeCard id="service" title="Your service">
      {locations.length === 0 ? (
        <EmptyState>There is no service location on this account yet.</EmptyState>
      ) : (
        <ul className="home-list">
          {locations.map((l) => (
            <li key={l.serviceLocationId}>
              <p className="home-list__title">{l.fullAddress}</p>
              <p>
                <span className={`home-status home-status--${l.status === 'In service' ? 'ok' : 'other'}`}>
                  {l.status}
                </span>{' '}
                {l.packages.length > 0 && <span className="muted">{l.packages.join(', ')}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={paths.services}>See your services</Link>
      </p>
    </HomeCard>
  );
}

function TicketsCard({ tickets }: { tickets: HomeTicket[] }) {
  return (
    <HomeCard id="tickets" title="Open trouble tickets">
      {tickets.length === 0 ? (
        <EmptyState>No open tickets. Is something not working? Tell us.</EmptyState>
      ) : (
        <ul className="home-list">
          {tickets.map((x) => (
            <li key={x.ticketId}>
              <p className="home-list__title">{x.subject}</p>
              <p className="muted">
                {x.status} · {x.category} · opened {formatDay(x.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={`${paths.accountInfo}?section=tickets`}>
          {tickets.length === 0 ? 'Report a problem' : 'See or add tickets'}
        </Link>
      </p>
    </HomeCard>
  );
}

function NoticesCard({ notices }: { notices: HomeNotice[] }) {
  return (
    <HomeCard id="notices" title="Recent notices">
      {notices.length === 0 ? (
        <EmptyState>No notices in the last 60 days.</EmptyState>
      ) : (
        <ul className="home-list">
          {notices.map((n) => (
            <li key={n.noticeId}>
              <p className="home-list__title">{n.subject}</p>
              <p>{n.body}</p>
              {n.windowStart && (
                <p>
                  <strong>When:</strong> {formatMoment(n.windowStart)}
                  {n.windowEnd && ` to ${formatMoment(n.windowEnd)}`}
                </p>
              )}
              <p className="muted">Sent {formatDay(n.sentAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}
