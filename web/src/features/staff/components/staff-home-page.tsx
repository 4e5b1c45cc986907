import {
  RECENT_TROUBLE_DAYS,
  STUCK_ORDER_DAYS,
  type StaffTile,
  type StaffTileId,
  staffHolds,
  staffLinksFor,
} from '@strand/domain';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { formatMoment } from '../../../lib/format';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useStaffHome } from '../api/staff-home';
import { SuperUserSearch } from './super-user-search';
import '../../../styles/staff.css';

interface TileText {
  title: string;
  what: string;
  /** Where the list behind the count is (none: nothing staff can open for it). */
  to: string | null;
  link: string;
}

const TILES: Readonly<Record<StaffTileId, TileText>> = {
  addresses: {
    title: 'Addresses to confirm',
    what: 'Addresses we do not know yet, waiting for sales to confirm or reject them.',
    to: paths.staffAddressReview,
    link: 'Review addresses',
  },
  dispatch: {
    title: 'Orders waiting for dispatch',
    what: 'Open orders with work that no installer, crew or contractor is assigned to.',
    to: paths.staffDispatch,
    link: 'Open the dispatch board',
  },
  stuckOrders: {
    title: `Orders stuck over ${STUCK_ORDER_DAYS} days`,
    what: `Open orders whose status has not moved for ${STUCK_ORDER_DAYS} days or more.`,
    to: `${paths.staffOrders}?stuck=true`,
    link: 'See the stuck orders',
  },
  tickets: {
    title: 'Open trouble tickets',
    what: 'Tickets waiting for an answer from us.',
    to: paths.staffTickets,
    link: 'Answer tickets',
  },
  payments: {
    title: 'Failed or declined payments',
    what: `Payments that failed or were declined in the last ${RECENT_TROUBLE_DAYS} days.`,
    to: `${paths.staffReports}?section=payments`,
    link: 'Payments report',
  },
  authCodes: {
    title: 'Auth codes pending',
    what: 'Codes the phone switch has not confirmed yet.',
    to: `${paths.staffAuthCodes}?status=pending`,
    link: 'See pending codes',
  },
  faxes: {
    title: 'Faxes failing',
    what: `Faxes that failed in the last ${RECENT_TROUBLE_DAYS} days or are being retried; each customer sees theirs on the Fax page.`,
    to: null,
    link: '',
  },
  notices: {
    title: 'Notices sending',
    what: 'Maintenance and outage notices queued or still going out.',
    to: paths.staffSubscribers,
    link: 'See notices',
  },
};

/** "3 days", "5 hours", "12 minutes": how long the oldest has waited. */
export function waitedFor(oldestAt: string, countedAt: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(countedAt) - Date.parse(oldestAt)) / 60_000));
  const [n, unit] =
    minutes >= 2 * 1440
      ? [Math.floor(minutes / 1440), 'day']
      : minutes >= 120
        ? [Math.floor(minutes / 60), 'hour']
        : [minutes, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

function Tile({ tile, countedAt }: { tile: StaffTile; countedAt: string }) {
  const text = TILES[tile.id];
  const headingId = `tile-${tile.id}`;
  return (
    <li className={`tile${tile.count > 0 ? ' tile--attention' : ''}`} data-testid={`tile-${tile.id}`}>
      <h2 id={headingId} className="tile__title">
        {text.title}
      </h2>
      <p className="tile__count" aria-describedby={headingId}>
        {tile.count.toLocaleString('en-US')}
      </p>
      <p className="muted tile__what">{text.what}</p>
      {tile.oldestAt && (
        <p className="tile__age">
          Oldest waiting {waitedFor(tile.oldestAt, countedAt)} (since {formatMoment(tile.oldestAt)})
        </p>
      )}
      {tile.count === 0 && <p className="tile__age">Nothing waiting.</p>}
      {text.to && (
        <Link className="tile__link" to={text.to}>
          {text.link}
          <span className="visually-hidden">: {text.title}</span>
        </Link>
      )}
    </li>
  );
}

/** /staff: the staff home (issue 29): what needs attention in the member's areas, and the tools of their roles. */
export function StaffHomePage() {
  usePageTitle('Staff home');
  const { claims } = useSession();
  const home = useStaffHome();
  if (claims?.nStaff !== 1) {
    return (
      <section className="page" aria-labelledby="staff-heading">
        <h1 id="staff-heading">Staff only</h1>
        <p className="page__lead">This page is for the provider’s staff. Sign in with a staff account to use it.</p>
      </section>
    );
  }
  const roles = claims.staffRoles;
  const mayEnterAccounts = staffHolds(roles, 'sales') || staffHolds(roles, 'billing');
  const areas = staffLinksFor(roles).slice(1);
  return (
    <section className="page page--wide stack" aria-labelledby="staff-heading">
      <h1 id="staff-heading">Staff home</h1>
      <p className="page__lead">What needs attention in your areas, counted now.</p>
      {home.isPending && <Skeleton label="Counting what needs attention…" />}
      {home.isError && <FormAlert message={errorMessage(home.error)} />}
      {home.data && home.data.tiles.length === 0 && (
        <p className="notice">Your staff account holds no role yet. Ask an administrator for one.</p>
      )}
      {home.data && home.data.tiles.length > 0 && (
        <>
          <ul className="tile-grid" aria-label="Needs attention">
            {home.data.tiles.map((t) => (
              <Tile key={t.id} tile={t} countedAt={home.data.countedAt} />
            ))}
          </ul>
          <p className="muted">Counted {formatMoment(home.data.countedAt)}; counted again every minute.</p>
        </>
      )}
      {mayEnterAccounts && <SuperUserSearch mayMakeBusiness={staffHolds(roles, 'sales')} />}
      {areas.length > 0 && (
        <nav aria-labelledby="areas-heading" className="stack">
          <h2 id="areas-heading" className="section-title">
            Your areas
          </h2>
          <ul className="link-list">
            {areas.map((l) => (
              <li key={l.path}>
                <Link to={l.path}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
