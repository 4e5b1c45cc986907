import {
  AREA_KIND_LABELS,
  ConfirmTempLocationSchema,
  ORDER_STATUS_LABELS,
  REJECT_REASON_MAX,
  RejectTempLocationSchema,
  type StaffServiceArea,
  type StaffTempLocation,
  staffHolds,
  TempLocationQuerySchema,
} from '@strand/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { formatDateTime } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SelectField } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import {
  useChangeServiceArea,
  useConfirmTempLocation,
  usePendingTempLocations,
  useRejectTempLocation,
  useServiceAreas,
} from '../api/staff-review';
import '../../../styles/reports.css';
import '../../../styles/dispatch.css';

/**
 * /staff/orders/addresses: what ordering leaves for sales staff (issue 12): temporary service locations to confirm
 * with a standardized address and position, or reject with a reason; and the service areas' status, whose change
 * tells the leads waiting inside.
 */
export function StaffAddressReviewPage() {
  usePageTitle('Addresses to confirm');
  const { claims } = useSession();
  if (claims?.nStaff !== 1 || !staffHolds(claims.staffRoles, 'sales')) {
    return (
      <section className="page" aria-labelledby="review-heading">
        <h1 id="review-heading">Addresses to confirm</h1>
        <p className="page__lead">
          You do not have access to this. Addresses and service areas are reviewed by sales staff.
        </p>
      </section>
    );
  }
  return (
    <section className="page staff-orders-page" aria-labelledby="review-heading">
      <p>
        <Link to={paths.staffOrders}>← Orders</Link>
      </p>
      <h1 id="review-heading">Addresses to confirm</h1>
      <p className="page__lead">
        Addresses visitors kept as typed wait here for a standardized address and position; the customers and leads
        waiting at them are told by mail. Changing a service area's status tells the leads waiting inside it once.
      </p>
      <TempLocationsSection />
      <ServiceAreasSection />
    </section>
  );
}

/**
 * The waiting addresses, a page at a time: those with an order first (a paying customer is never buried under
 * visitors' checks), then the newest; the search finds an address by any words of it.
 */
function TempLocationsSection() {
  const [page, setPage] = useState({ q: '', offset: 0 });
  const list = usePendingTempLocations(page);
  const form = useForm({ q: '' });
  const [done, setDone] = useState<string | null>(null);
  const submit = form.submit(TempLocationQuerySchema, async (data) => setPage({ q: data.q, offset: 0 }));
  const data = list.data;
  return (
    <section aria-labelledby="temp-heading">
      <h2 id="temp-heading">Temporary locations</h2>
      <p className="muted">Those with an order waiting come first, then the newest.</p>
      <Form className="card form-card" onSubmit={submit} message={form.errors.message} aria-label="Search addresses">
        <TextField label="Address (any words of it)" type="search" {...form.field('q')} />
        <div className="actions">
          <Button type="submit">Search</Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              form.setValues({ q: '' });
              setPage({ q: '', offset: 0 });
            }}
          >
            Clear
          </Button>
        </div>
      </Form>
      <FormAlert message={done} tone="success" />
      {list.isPending && <Skeleton label="Loading the addresses…" />}
      {list.isError && <FormAlert message={errorMessage(list.error)} />}
      {data &&
        (data.tempLocations.length === 0 ? (
          <EmptyState>
            {page.q ? 'No waiting address matches this search.' : 'No addresses wait for confirmation.'}
          </EmptyState>
        ) : (
          <>
            <p className="muted" role="status">
              {data.offset + 1}–{data.offset + data.tempLocations.length} of {data.total} address
              {data.total === 1 ? '' : 'es'}
            </p>
            <ul className="review-list" aria-label="Temporary locations">
              {data.tempLocations.map((t) => (
                <li key={t.tempLocationId}>
                  <TempLocationCard temp={t} onDone={setDone} />
                </li>
              ))}
            </ul>
            {data.total > data.limit && (
              <nav className="pager" aria-label="Pages of temporary locations">
                <Button
                  type="button"
                  variant="secondary"
                  small
                  disabled={data.offset === 0}
                  onClick={() => setPage({ ...page, offset: Math.max(0, data.offset - data.limit) })}
                >
                  Previous page
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  small
                  disabled={data.offset + data.limit >= data.total}
                  onClick={() => setPage({ ...page, offset: data.offset + data.limit })}
                >
                  Next page
                </Button>
              </nav>
            )}
          </>
        ))}
    </section>
  );
}

function waitingText(t: StaffTempLocation): string {
  const parts = t.orders.map((o) => `${o.customerName} (order ${o.orderId}, ${ORDER_STATUS_LABELS[o.status]})`);
  if (t.waitingLeads > 0) parts.push(`${t.waitingLeads} lead${t.waitingLeads === 1 ? '' : 's'} waiting to be told`);
  return parts.length ? parts.join('; ') : 'Nobody is waiting on it.';
}

function TempLocationCard({ temp: t, onDone }: { temp: StaffTempLocation; onDone(message: string): void }) {
  const headingId = `temp-${t.tempLocationId}`;
  const [mode, setMode] = useState<'confirm' | 'reject' | null>(null);
  return (
    <article className="card review-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.typed}</h3>
      <dl className="review-facts">
        <dt>Waiting</dt>
        <dd>{waitingText(t)}</dd>
        <dt>Area at the guessed position</dt>
        <dd>{AREA_KIND_LABELS[t.areaKind]}</dd>
        <dt>Position</dt>
        <dd>
          {t.latitude !== null && t.longitude !== null
            ? `${t.latitude}, ${t.longitude}${t.precision ? ` (guessed from the ${t.precision === 'zip' ? 'ZIP code' : 'street'})` : ''}`
            : 'Unknown'}
        </dd>
        <dt>Kept</dt>
        <dd>{formatDateTime(t.createdAt)}</dd>
      </dl>
      {mode === null && (
        <div className="actions">
          <Button type="button" onClick={() => setMode('confirm')}>
            Confirm address
          </Button>
          <Button type="button" variant="secondary" onClick={() => setMode('reject')}>
            Reject address
          </Button>
        </div>
      )}
      {mode === 'confirm' && <ConfirmForm temp={t} onDone={onDone} onCancel={() => setMode(null)} />}
      {mode === 'reject' && <RejectForm temp={t} onDone={onDone} onCancel={() => setMode(null)} />}
    </article>
  );
}

interface ReviewFormProps {
  temp: StaffTempLocation;
  onDone(message: string): void;
  onCancel(): void;
}

function ConfirmForm({ temp: t, onDone, onCancel }: ReviewFormProps) {
  const confirm = useConfirmTempLocation();
  const form = useForm({
    line1: t.line1,
    unit: t.unit,
    city: t.city,
    state: t.state,
    zip: t.zip,
    latitude: t.latitude === null ? '' : String(t.latitude),
    longitude: t.longitude === null ? '' : String(t.longitude),
  });
  const submit = form.submit(ConfirmTempLocationSchema, async (body) => {
    const result = await confirm.mutateAsync({ tempLocationId: t.tempLocationId, body });
    onDone(result.message);
  });
  return (
    <Form className="form-card" onSubmit={submit} message={form.errors.message} aria-label={`Confirm ${t.typed}`}>
      <p className="muted">The standardized address and its position, as the map or the county's records give them.</p>
      <div className="staff-orders-filters">
        <TextField label="Street address" maxLength={100} autoComplete="off" {...form.field('line1')} />
        <TextField label="Apartment or unit" maxLength={30} autoComplete="off" {...form.field('unit')} />
        <TextField label="City" maxLength={60} autoComplete="off" {...form.field('city')} />
        <TextField label="State" maxLength={2} autoComplete="off" {...form.field('state')} />
        <TextField label="ZIP code" inputMode="numeric" maxLength={5} autoComplete="off" {...form.field('zip')} />
        <TextField label="Latitude" inputMode="decimal" autoComplete="off" {...form.field('latitude')} />
        <TextField label="Longitude" inputMode="decimal" autoComplete="off" {...form.field('longitude')} />
      </div>
      <div className="actions">
        <Button type="submit" busy={confirm.isPending}>
          Confirm this address
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Back
        </Button>
      </div>
    </Form>
  );
}

function RejectForm({ temp: t, onDone, onCancel }: ReviewFormProps) {
  const reject = useRejectTempLocation();
  const form = useForm({ reason: '' });
  const [asking, setAsking] = useState<string | null>(null);
  const submit = form.submit(RejectTempLocationSchema, async (body) => setAsking(body.reason));
  const yes = async () => {
    if (asking === null) return;
    try {
      const result = await reject.mutateAsync({ tempLocationId: t.tempLocationId, body: { reason: asking } });
      onDone(result.message);
    } catch (err) {
      form.setErrors({ fields: {}, message: errorMessage(err) });
    } finally {
      setAsking(null);
    }
  };
  const waiting = t.orders.length + t.waitingLeads;
  return (
    <Form className="form-card" onSubmit={submit} message={form.errors.message} aria-label={`Reject ${t.typed}`}>
      <TextField
        label="Reason (the customer reads it)"
        maxLength={REJECT_REASON_MAX}
        autoComplete="off"
        {...form.field('reason')}
      />
      <div className="actions">
        <Button type="submit" variant="destructive" busy={reject.isPending}>
          Reject this address
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Back
        </Button>
      </div>
      {asking !== null && (
        <ConfirmDialog
          message={`Reject ${t.typed}?${waiting > 0 ? ` ${waiting === 1 ? 'The one customer or lead' : `The ${waiting} customers and leads`} waiting there ${waiting === 1 ? 'is' : 'are'} told why.` : ''}`}
          yesLabel="Yes, reject it"
          noLabel="No, keep it"
          danger
          busy={reject.isPending}
          onYes={() => void yes()}
          onNo={() => setAsking(null)}
        />
      )}
    </Form>
  );
}

const AREA_KINDS = ['fiber', 'business_fiber', 'construction', 'signup'] as const;
type AreaKindChoice = (typeof AREA_KINDS)[number];
const mayOrderIn = (kind: AreaKindChoice) => kind === 'fiber' || kind === 'business_fiber';

function ServiceAreasSection() {
  const areas = useServiceAreas();
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby="areas-heading">
      <h2 id="areas-heading">Service areas</h2>
      <FormAlert message={done} tone="success" />
      {areas.isPending && <Skeleton label="Loading the service areas…" />}
      {areas.isError && <FormAlert message={errorMessage(areas.error)} />}
      {areas.data &&
        (areas.data.areas.length === 0 ? (
          <EmptyState>There are no service areas on the map yet.</EmptyState>
        ) : (
          <ul className="review-list" aria-label="Service areas">
            {areas.data.areas.map((a) => (
              <li key={a.areaId}>
                <AreaCard area={a} onDone={setDone} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

function AreaCard({ area: a, onDone }: { area: StaffServiceArea; onDone(message: string): void }) {
  const change = useChangeServiceArea();
  const form = useForm({ areaKind: a.areaKind as string });
  const [asking, setAsking] = useState<AreaKindChoice | null>(null);
  const headingId = `area-${a.areaId}`;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const kind = AREA_KINDS.find((k) => k === form.values.areaKind);
    if (!kind) {
      form.setErrors({ fields: { areaKind: 'Choose a status.' }, message: null });
      return;
    }
    if (kind === a.areaKind) {
      form.setErrors({ fields: { areaKind: `The area is already: ${AREA_KIND_LABELS[kind]}.` }, message: null });
      return;
    }
    setAsking(kind);
  };
  const yes = async () => {
    if (asking === null) return;
    try {
      const result = await change.mutateAsync({ areaId: a.areaId, body: { areaKind: asking } });
      onDone(result.message);
    } catch (err) {
      form.setErrors({ fields: {}, message: errorMessage(err) });
    } finally {
      setAsking(null);
    }
  };
  const mailed = asking !== null && mayOrderIn(asking) ? a.waitingLeads : 0;
  return (
    <article className="card review-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {a.name} <StatusBadge status={AREA_KIND_LABELS[a.areaKind]} />
      </h3>
      <p className="muted">
        {a.waitingLeads === 0
          ? 'No leads wait inside it.'
          : `${a.waitingLeads} lead${a.waitingLeads === 1 ? '' : 's'} wait${a.waitingLeads === 1 ? 's' : ''} inside it to be told.`}
      </p>
      <Form onSubmit={submit} message={form.errors.message} aria-label={`Change ${a.name}`}>
        <SelectField
          label={`Status of ${a.name}`}
          {...form.field('areaKind')}
          options={AREA_KINDS.map((k) => ({ value: k, label: AREA_KIND_LABELS[k] }))}
        />
        <Button type="submit" busy={change.isPending}>
          Change status
        </Button>
      </Form>
      {asking !== null && (
        <ConfirmDialog
          message={`Make ${a.name} "${AREA_KIND_LABELS[asking]}"? ${
            mailed === 0
              ? 'No waiting leads will be mailed.'
              : `${mailed} waiting lead${mailed === 1 ? '' : 's'} will be mailed that fiber is available.`
          }`}
          yesLabel="Yes, change it"
          noLabel="No, keep it"
          busy={change.isPending}
          onYes={() => void yes()}
          onNo={() => setAsking(null)}
        />
      )}
    </article>
  );
}
