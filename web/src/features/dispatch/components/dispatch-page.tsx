import { addDays, type DispatchWorkOrder, slotFlagMessages, staffHolds } from '@strand/domain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { TextField } from '../../../lib/ui/text-field';
import { useAssign, useBoard } from '../api/dispatch';
import { AssignDialog, type AssignSubmit } from './assign-dialog';
import { dateTime, dayLabel, localDay, providerDay, timeRange } from './board-time';
import { dragWorkOrder, TimelineBoard, zoneLabel } from './timeline-board';
import '../../../styles/dispatch.css';
import { DateField } from '../../../lib/ui/date-time-field';

const DispatchMap = lazy(() => import('./dispatch-map').then((m) => ({ default: m.DispatchMap })));

/** The list shows this many at first (the most urgent); Show all or Find reaches the rest. */
const LIST_PAGE = 30;

const isNarrow = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 640px)').matches;

/** /staff/dispatch: the dispatch board (issue 13 part 3), for dispatchers and admins. */
export function DispatchPage() {
  usePageTitle('Dispatch');
  const { claims } = useSession();
  if (claims?.nStaff !== 1 || !staffHolds(claims.staffRoles, 'dispatcher')) {
    return (
      <section className="page" aria-labelledby="dispatch-heading">
        <h1 id="dispatch-heading">Dispatch</h1>
        <p className="page__lead">The dispatch board is for dispatchers. Sign in with a dispatcher’s staff account.</p>
      </section>
    );
  }
  return <DispatchBoardView />;
}

function DispatchBoardView() {
  const [day, setDay] = useState(() => localDay(new Date()));
  const [view, setView] = useState<'calendar' | 'list'>(() => (isNarrow() ? 'list' : 'calendar'));
  const [showMap, setShowMap] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<number[] | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [find, setFind] = useState('');
  const [showAll, setShowAll] = useState(false);
  const board = useBoard(day, day);
  const assign = useAssign();

  const data = board.data;
  const names = useMemo(() => new Map((data?.resources ?? []).map((r) => [r.id, r.title])), [data]);
  const onDay = (w: DispatchWorkOrder) => Boolean(w.slot && providerDay(w.slot.start) === day);
  const scheduled = (data?.workOrders ?? []).filter(onDay);
  const needle = find.trim().toLowerCase();
  const matches = (w: DispatchWorkOrder) =>
    !needle || [String(w.id), w.type, w.customerName, w.address ?? ''].some((t) => t.toLowerCase().includes(needle));
  const toPlace = (data?.workOrders ?? [])
    .filter((w) => !onDay(w) && matches(w))
    .sort((a, b) => Number(b.overdue) - Number(a.overdue) || (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999'));
  const byId = new Map((data?.workOrders ?? []).map((w) => [w.id, w]));

  const run = async (body: Parameters<typeof assign.mutateAsync>[0], what: string) => {
    try {
      const result = await assign.mutateAsync(body);
      const flags = result.results.flatMap((r) => (r.slot ? slotFlagMessages(r.slot.flags) : []));
      setNotice({ tone: 'success', text: [what, ...flags].join(' ') });
      setSelected(new Set());
      return result;
    } catch (err) {
      setNotice({ tone: 'error', text: errorMessage(err) });
      throw err;
    }
  };

  const onMove = (workOrderId: number, resourceId: string, start: Date, minutes: number) => {
    run(
      { workOrderIds: [workOrderId], resourceId, start: start.toISOString(), durationMinutes: minutes },
      `Work order ${workOrderId} moved to ${names.get(resourceId) ?? resourceId} at ${dateTime(start.toISOString())}.`,
    ).catch(() => {});
  };
  const submitForm = (ids: number[]) => (values: AssignSubmit) =>
    run(
      { workOrderIds: ids, ...values },
      `${ids.length === 1 ? `Work order ${ids[0]}` : `${ids.length} work orders`} ${values.start ? 'scheduled' : 'assigned'} for ${
        names.get(values.resourceId) ?? values.resourceId
      }${values.start ? ` at ${dateTime(values.start)}` : ''}.`,
    );

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section className="page dispatch-page" aria-labelledby="dispatch-heading">
      <h1 id="dispatch-heading">Dispatch</h1>
      <p className="page__lead">
        Assign unassigned and overdue work to installers and contractor crews and schedule their visits. Drag a work
        order onto a person’s time, or use Assign for the same with the keyboard.
      </p>
      <div className="dispatch-toolbar">
        <Button type="button" variant="secondary" small onClick={() => setDay(addDays(day, -1))}>
          Previous day
        </Button>
        <DateField label="Day" value={day} onValueChange={(v) => v && setDay(v)} />
        <Button type="button" variant="secondary" small onClick={() => setDay(addDays(day, 1))}>
          Next day
        </Button>
        <Button type="button" variant="secondary" small onClick={() => setDay(localDay(new Date()))}>
          Today
        </Button>
        <Button
          type="button"
          variant="secondary"
          small
          aria-pressed={view === 'list'}
          onClick={() => setView(view === 'list' ? 'calendar' : 'list')}
        >
          {view === 'list' ? 'Calendar view' : 'List view'}
        </Button>
        <Button type="button" variant="secondary" small aria-pressed={showMap} onClick={() => setShowMap(!showMap)}>
          {showMap ? 'Hide map' : 'Show map'}
        </Button>
      </div>
      <div aria-live="polite">{notice && <FormAlert tone={notice.tone} message={notice.text} />}</div>
      {board.isError && <FormAlert message={errorMessage(board.error)} />}
      {board.isPending && <Skeleton label="Loading the board…" />}
      {data && (
        <>
          {data.truncated && (
            <p className="muted">The board shows the 300 most urgent work orders; more are waiting to be placed.</p>
          )}
          {showMap && (
            <section aria-labelledby="dispatch-map-heading" className="dispatch-section">
              <h2 id="dispatch-map-heading">Map</h2>
              <ul className="legend" aria-label="Map legend">
                <li>
                  <span className="legend__swatch dispatch-swatch--to-place" /> To place
                </li>
                <li>
                  <span className="legend__swatch dispatch-swatch--installer" /> Installer’s
                </li>
                <li>
                  <span className="legend__swatch dispatch-swatch--crew" /> Contractor crew’s
                </li>
                <li>
                  <span className="legend__swatch dispatch-swatch--conflict" /> Flagged visit
                </li>
              </ul>
              <Suspense fallback={<Skeleton label="Loading the map…" />}>
                <DispatchMap workOrders={data.workOrders} resources={data.resources} />
              </Suspense>
            </section>
          )}
          <div className={view === 'calendar' ? 'dispatch-layout dispatch-layout--calendar' : 'dispatch-layout'}>
            <section aria-labelledby="to-place-heading" className="dispatch-section dispatch-to-place">
              <h2 id="to-place-heading">To place ({toPlace.length})</h2>
              <TextField
                label="Find in the list"
                type="search"
                value={find}
                onValueChange={setFind}
                hint="Work order number, type, customer or address."
              />
              {selected.size > 0 && (
                <div className="dispatch-bulk">
                  <span>{selected.size} selected</span>
                  <Button type="button" small onClick={() => setEditing([...selected])}>
                    Assign selected…
                  </Button>
                  <Button type="button" small variant="secondary" onClick={() => setSelected(new Set())}>
                    Clear
                  </Button>
                </div>
              )}
              {toPlace.length === 0 ? (
                <EmptyState>
                  {needle
                    ? 'No work order to place matches.'
                    : 'Nothing is waiting: every open work order is assigned and none is overdue.'}
                </EmptyState>
              ) : (
                <ul className="dispatch-list">
                  {(showAll ? toPlace : toPlace.slice(0, LIST_PAGE)).map((w) => (
                    <WorkOrderItem
                      key={w.id}
                      w={w}
                      names={names}
                      draggable={view === 'calendar'}
                      selected={selected.has(w.id)}
                      onSelect={(on) => toggle(w.id, on)}
                      onEdit={() => setEditing([w.id])}
                    />
                  ))}
                </ul>
              )}
              {!showAll && toPlace.length > LIST_PAGE && (
                <Button type="button" variant="secondary" small onClick={() => setShowAll(true)}>
                  Show all {toPlace.length}
                </Button>
              )}
            </section>
            <section aria-labelledby="day-heading" className="dispatch-section dispatch-day">
              <h2 id="day-heading">{dayLabel(day)}</h2>
              {view === 'calendar' ? (
                <TimelineBoard
                  day={day}
                  resources={data.resources}
                  workOrders={data.workOrders}
                  onMove={onMove}
                  onOpen={(id) => setEditing([id])}
                />
              ) : (
                <DayList
                  day={day}
                  scheduled={scheduled}
                  resources={data.resources}
                  names={names}
                  onEdit={(id) => setEditing([id])}
                />
              )}
            </section>
          </div>
          {editing && (
            <AssignDialog
              workOrders={editing.map((id) => byId.get(id)).filter((w): w is DispatchWorkOrder => w !== undefined)}
              resources={data.resources}
              day={day}
              onSubmit={submitForm(editing)}
              onClose={() => setEditing(null)}
            />
          )}
        </>
      )}
    </section>
  );
}

function badgesOf(w: DispatchWorkOrder): string[] {
  const out: string[] = [];
  if (w.unassigned) out.push('Unassigned');
  if (w.overdue) out.push('Overdue');
  if (w.status === 'Waiting') out.push(w.dependsOn ? `Waits for #${w.dependsOn}` : 'Waiting');
  return out;
}

function WorkOrderItem({
  w,
  names,
  draggable,
  selected,
  onSelect,
  onEdit,
}: {
  w: DispatchWorkOrder;
  names: Map<string, string>;
  draggable: boolean;
  selected: boolean;
  onSelect(on: boolean): void;
  onEdit(): void;
}) {
  const checkId = `dispatch-select-${w.id}`;
  const flags = w.slot ? slotFlagMessages(w.slot.flags) : [];
  return (
    <li
      className="dispatch-item"
      data-draggable={draggable ? '1' : '0'}
      draggable={draggable}
      onDragStart={draggable ? (e) => dragWorkOrder(e, w.id) : undefined}
      data-work-order-id={w.id}
      data-title={`#${w.id} ${w.type}`}
      aria-label={`Work order ${w.id}`}
    >
      <div className="field field--check">
        <input id={checkId} type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} />
        <label htmlFor={checkId}>
          <strong>#{w.id}</strong> {w.type}
        </label>
      </div>
      <p className="dispatch-item__meta">
        {w.customerName}
        {w.address ? ` · ${w.address}` : ''}
      </p>
      <p className="dispatch-item__meta">
        {w.dueDate ? `Due ${w.dueDate}` : 'No due date'} · {w.status}
        {w.assignedTo.length > 0 ? ` · ${w.assignedTo.map((r) => names.get(r) ?? r).join(', ')}` : ''}
        {w.slot ? ` · Scheduled ${dateTime(w.slot.start)}` : ''}
      </p>
      <p className="dispatch-badges">
        {badgesOf(w).map((b) => (
          <span key={b} className={`badge dispatch-badge dispatch-badge--${b.split(' ')[0]?.toLowerCase()}`}>
            {b}
          </span>
        ))}
      </p>
      {flags.length > 0 && <p className="dispatch-flags">{flags.join(' ')}</p>}
      <Button type="button" small variant="secondary" onClick={onEdit} aria-label={`Assign work order ${w.id}`}>
        {w.slot ? 'Reschedule…' : 'Assign…'}
      </Button>
    </li>
  );
}

/** The day as a list per installer and crew (phones, keyboard): each visit with its flags and Reschedule. */
function DayList({
  day,
  scheduled,
  resources,
  names,
  onEdit,
}: {
  day: string;
  scheduled: DispatchWorkOrder[];
  resources: { id: string; title: string }[];
  names: Map<string, string>;
  onEdit(id: number): void;
}) {
  if (scheduled.length === 0) return <EmptyState>Nothing is scheduled on this day.</EmptyState>;
  const groups = resources
    .map((r) => ({
      r,
      visits: scheduled
        .filter((w) => w.slot?.resourceId === r.id)
        .sort((a, b) => (a.slot?.start ?? '').localeCompare(b.slot?.start ?? '')),
    }))
    .filter((g) => g.visits.length > 0);
  return (
    <div className="dispatch-day-list">
      <p className="muted">Times in {zoneLabel(day)} (provider time).</p>
      {groups.map(({ r, visits }) => (
        <section key={r.id} aria-label={names.get(r.id) ?? r.title} className="dispatch-resource">
          <h3>{r.title}</h3>
          <ul className="dispatch-list">
            {visits.map((w) => {
              const flags = w.slot ? slotFlagMessages(w.slot.flags) : [];
              return (
                <li key={w.id} className={flags.length ? 'dispatch-visit dispatch-visit--conflict' : 'dispatch-visit'}>
                  <p>
                    <strong>{w.slot ? timeRange(w.slot.start, w.slot.end) : ''}</strong> #{w.id} {w.type} –{' '}
                    {w.customerName}
                  </p>
                  {flags.length > 0 && <p className="dispatch-flags">⚠ {flags.join(' ')}</p>}
                  <Button
                    type="button"
                    small
                    variant="secondary"
                    onClick={() => onEdit(w.id)}
                    aria-label={`Reschedule work order ${w.id}`}
                  >
                    Reschedule…
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
