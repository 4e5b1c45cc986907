import {
  BOARD_END_MINUTE,
  BOARD_START_MINUTE,
  type BoardVisit,
  type DispatchResource,
  type DispatchWorkOrder,
  layoutBoard,
  localParts,
  wallTime,
  zonedInstant,
} from '@strand/domain';
import { type DragEvent, type KeyboardEvent, useMemo, useState } from 'react';
import { TextField } from '../../../lib/ui/text-field';

/** Keyboard and drop moves snap to this many minutes; Shift+arrow moves an hour. */
const STEP = 15;
const DRAG_TYPE = 'application/x-strand-work-order';
const HOURS = Array.from(
  { length: (BOARD_END_MINUTE - BOARD_START_MINUTE) / 60 },
  (_, i) => BOARD_START_MINUTE / 60 + i,
);

/** "CST" / "CDT": the provider zone's short name on a day, so every time on the board is labelled. */
export function zoneLabel(day: string): string {
  return localParts(zonedInstant(day, 12 * 60)).zone;
}

/** Lets an element of the list be dropped onto the board. */
export function dragWorkOrder(e: DragEvent, workOrderId: number) {
  e.dataTransfer.setData(DRAG_TYPE, String(workOrderId));
  e.dataTransfer.effectAllowed = 'move';
}

export interface TimelineBoardProps {
  day: string;
  resources: DispatchResource[];
  workOrders: DispatchWorkOrder[];
  /** A move (drag, drop or keys) of a work order to a person and a start; the duration is kept. */
  onMove(workOrderId: number, resourceId: string, start: Date, minutes: number): void;
  onOpen(workOrderId: number): void;
}

/**
 * Every installer and crew as a row (grouped, searchable) on one day's time axis in the provider's zone; the axis
 * stays in place while the rows scroll. A visit is a button: drag it (or a work order from the list) onto a row's
 * time, or focus it and use the arrow keys (←/→ 15 minutes, Shift for an hour, ↑/↓ the person above or below);
 * Enter opens the Assign dialog. The server checks every move; the board redraws from its answer.
 */
export function TimelineBoard({ day, resources, workOrders, onMove, onOpen }: TimelineBoardProps) {
  const [search, setSearch] = useState('');
  const groups = useMemo(() => layoutBoard(day, resources, workOrders, search), [day, resources, workOrders, search]);
  const rows = groups.flatMap((g) => g.rows);
  const zone = zoneLabel(day);
  const durations = useMemo(() => {
    const out = new Map<number, number>();
    for (const w of workOrders) {
      if (w.slot) out.set(w.id, Math.round((Date.parse(w.slot.end) - Date.parse(w.slot.start)) / 60_000));
    }
    return out;
  }, [workOrders]);
  const minutesOf = (id: number) => durations.get(id) ?? 120;

  const move = (id: number, resourceId: string, startMinute: number) =>
    onMove(id, resourceId, zonedInstant(day, startMinute), minutesOf(id));

  const onKey = (e: KeyboardEvent, v: BoardVisit, rowIndex: number) => {
    const id = v.workOrder.id;
    const resourceId = rows[rowIndex]?.resource.id ?? '';
    const step = e.shiftKey ? 60 : STEP;
    if (e.key === 'ArrowLeft') move(id, resourceId, Math.max(0, v.startMinute - step));
    else if (e.key === 'ArrowRight') move(id, resourceId, Math.min(24 * 60 - STEP, v.startMinute + step));
    else if (e.key === 'ArrowUp' && rowIndex > 0) move(id, rows[rowIndex - 1]?.resource.id ?? '', v.startMinute);
    else if (e.key === 'ArrowDown' && rowIndex < rows.length - 1) {
      move(id, rows[rowIndex + 1]?.resource.id ?? '', v.startMinute);
    } else return;
    e.preventDefault();
  };

  const onDrop = (e: DragEvent<HTMLUListElement>, resourceId: string) => {
    const id = Number(e.dataTransfer.getData(DRAG_TYPE));
    if (!id) return;
    e.preventDefault();
    const box = e.currentTarget.getBoundingClientRect();
    const share = Math.min(Math.max((e.clientX - box.left) / box.width, 0), 1);
    const minute = BOARD_START_MINUTE + share * (BOARD_END_MINUTE - BOARD_START_MINUTE);
    move(id, resourceId, Math.round(minute / STEP) * STEP);
  };

  let rowIndex = -1;
  return (
    <div className="timeline">
      <TextField
        label="Find an installer or crew"
        type="search"
        value={search}
        onValueChange={setSearch}
        hint={`${rows.length} of ${resources.length} shown. Times in ${zone} (provider time). Focus a visit: arrow keys move it, Enter opens it.`}
      />
      {rows.length === 0 ? (
        <p className="muted">No installer or crew matches.</p>
      ) : (
        <div className="timeline__scroll">
          <div className="timeline__axis" aria-hidden="true">
            <span className="timeline__name">{zone}</span>
            <span className="timeline__hours">
              {HOURS.map((h) => (
                <span key={h}>{wallTime(h * 60)}</span>
              ))}
            </span>
          </div>
          {groups.map((g) => (
            <section key={g.id} className="timeline__group" aria-label={g.title}>
              <h3 className="timeline__group-title">
                {g.title} ({g.rows.length})
              </h3>
              {g.rows.map((row) => {
                rowIndex += 1;
                const index = rowIndex;
                return (
                  <div key={row.resource.id} className="timeline__row" data-resource-id={row.resource.id}>
                    <span className="timeline__name" title={row.resource.title}>
                      {row.resource.title}
                    </span>
                    <ul
                      className="timeline__track"
                      aria-label={`${row.resource.title}: ${row.visits.length} visits`}
                      onDragOver={(e) => e.preventDefault()}
                      onDrop={(e) => onDrop(e, row.resource.id)}
                    >
                      {row.visits.map((v) => (
                        <VisitButton
                          key={v.workOrder.id}
                          v={v}
                          zone={zone}
                          onOpen={onOpen}
                          onKey={(e) => onKey(e, v, index)}
                        />
                      ))}
                    </ul>
                  </div>
                );
              })}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

function VisitButton({
  v,
  zone,
  onOpen,
  onKey,
}: {
  v: BoardVisit;
  zone: string;
  onOpen(id: number): void;
  onKey(e: KeyboardEvent): void;
}) {
  const w = v.workOrder;
  const time = `${wallTime(v.startMinute)}–${wallTime(v.endMinute)} ${zone}`;
  const travel = v.travelFromPrevious ? `${v.travelFromPrevious.label}${v.travelTight ? ' — does not fit' : ''}` : '';
  return (
    <li className="timeline__slot" style={{ left: `${v.left}%`, width: `${v.width}%` }}>
      <button
        type="button"
        className={`timeline__visit${v.flags.length ? ' timeline__visit--conflict' : ''}`}
        draggable
        onDragStart={(e) => dragWorkOrder(e, w.id)}
        onClick={() => onOpen(w.id)}
        onKeyDown={onKey}
        aria-label={`Work order ${w.id}, ${w.type}, ${w.customerName}, ${time}${travel ? `, ${travel}` : ''}${
          v.flags.length ? `. ${v.flags.join(' ')}` : ''
        }. Arrow keys move it.`}
        title={`#${w.id} ${w.type} – ${w.customerName}, ${time}`}
      >
        <span className="timeline__visit-title">
          #{w.id} {w.type} – {w.customerName}
        </span>
        <span className="timeline__visit-time">{time}</span>
        {travel && (
          <span className={`timeline__travel${v.travelTight ? ' timeline__travel--tight' : ''}`}>{travel}</span>
        )}
      </button>
    </li>
  );
}
