import FullCalendar from '@fullcalendar/react';
import interactionPlugin, { Draggable } from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { type DispatchResource, type DispatchWorkOrder, slotFlagMessages, WORKING_HOURS } from '@strand/domain';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { SelectField } from '../../../lib/ui/parts';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const NARROW = '(max-width: 640px)';
function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/** Visits read 18:00–20:00, as in the list and the notices. */
const TIME_24H = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

const BUSINESS_HOURS = {
  daysOfWeek: WORKING_HOURS.days.map((d) => d % 7),
  startTime: hhmm(WORKING_HOURS.startMinute),
  endTime: hhmm(WORKING_HOURS.endMinute),
};

export interface ResourceBoardProps {
  day: string;
  resources: DispatchResource[];
  /** Work orders with a slot on this day. */
  scheduled: DispatchWorkOrder[];
  /** The list whose `.dispatch-item` elements can be dragged onto the board. */
  dragSource: HTMLElement | null;
  onDropItem(workOrderId: number, resourceId: string, start: Date): void;
  /** Calls `revert` when the server refuses the move. */
  onMove(workOrderId: number, resourceId: string, start: Date, end: Date, revert: () => void): void;
  onOpen(workOrderId: number): void;
}

/**
 * One day of installers and crews side by side, built on the free (MIT) FullCalendar only: one narrow time-grid
 * day per person, in a row that scrolls sideways, the person's name as the column's header. Drop a work order from
 * the list onto a person's time to assign and schedule it; drag a visit within a column or to another column
 * (FullCalendar moves events between calendars: eventLeave on one, eventReceive on the other), or resize it.
 * Working hours are shaded as business hours; a flagged visit is drawn as a conflict. On a phone the board shows
 * one person at a time, chosen with a picker.
 */
export function ResourceBoard({
  day,
  resources,
  scheduled,
  dragSource,
  onDropItem,
  onMove,
  onOpen,
}: ResourceBoardProps) {
  const narrow = useNarrow();
  const [picked, setPicked] = useState<string>('');
  // Remounts the columns after a refused move, so every calendar shows the server's state again.
  const [epoch, setEpoch] = useState(0);
  const revert = () => setEpoch((e) => e + 1);

  useEffect(() => {
    if (!dragSource) return;
    const draggable = new Draggable(dragSource, {
      itemSelector: '.dispatch-item[data-draggable="1"]',
      eventData: (el) => ({
        title: el.getAttribute('data-title') ?? '',
        duration: '02:00',
        create: false,
      }),
    });
    return () => draggable.destroy();
  }, [dragSource]);

  const eventsByResource = useMemo(() => {
    const out = new Map<string, object[]>();
    for (const w of scheduled) {
      if (!w.slot) continue;
      const flags = slotFlagMessages(w.slot.flags);
      const list = out.get(w.slot.resourceId) ?? [];
      list.push({
        id: String(w.id),
        start: w.slot.start,
        end: w.slot.end,
        title: `#${w.id} ${w.type} – ${w.customerName}${flags.length ? ` ⚠ ${flags.join(' ')}` : ''}`,
        className: flags.length ? 'dispatch-event dispatch-event--conflict' : 'dispatch-event',
        // White text on either at AA contrast (FullCalendar's default blue, #3788d8, is 3.7:1): red for a conflict,
        // the legend's installer blue otherwise.
        color: flags.length ? '#b42318' : '#1d4ed8',
      });
      out.set(w.slot.resourceId, list);
    }
    return out;
  }, [scheduled]);

  if (resources.length === 0) return <p className="muted">No installer or crew to show.</p>;
  const current = resources.find((r) => r.id === picked) ?? resources[0];
  const shown = narrow && current ? [current] : resources;

  return (
    <div className="dispatch-board">
      {narrow && (
        <SelectField
          label="Installer or crew"
          value={current?.id ?? ''}
          onValueChange={setPicked}
          options={resources.map((r) => ({ value: r.id, label: r.title }))}
        />
      )}
      <div className="dispatch-calendar">
        <div className="dispatch-columns">
          {shown.map((r) => (
            <section
              key={`${day}-${r.id}-${epoch}`}
              className="dispatch-column"
              data-resource-id={r.id}
              aria-label={r.title}
            >
              <h3 className="dispatch-column__title" title={r.title}>
                {r.title}
              </h3>
              <FullCalendar
                plugins={[timeGridPlugin, interactionPlugin, classicTheme]}
                initialView="timeGridDay"
                initialDate={day}
                headerToolbar={false}
                dayHeaders={false}
                height="auto"
                allDaySlot={false}
                slotMinTime="06:00"
                slotMaxTime="20:00"
                slotDuration="00:30"
                eventTimeFormat={TIME_24H}
                nowIndicator
                businessHours={BUSINESS_HOURS}
                events={eventsByResource.get(r.id) ?? []}
                editable
                droppable
                eventDurationEditable
                drop={(info) => {
                  const id = Number(info.draggedEl.getAttribute('data-work-order-id'));
                  if (id) onDropItem(id, r.id, info.date);
                }}
                eventDrop={(info) => {
                  const { start, end } = info.event;
                  if (!start || !end) return info.revert();
                  onMove(Number(info.event.id), r.id, start, end, info.revert);
                }}
                eventReceive={(info) => {
                  const { start, end } = info.event;
                  if (!start || !end) return revert();
                  onMove(Number(info.event.id), r.id, start, end, revert);
                }}
                eventResize={(info) => {
                  const { start, end } = info.event;
                  if (!start || !end) return info.revert();
                  onMove(Number(info.event.id), r.id, start, end, info.revert);
                }}
                eventClick={(info) => {
                  info.jsEvent.preventDefault();
                  onOpen(Number(info.event.id));
                }}
              />
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
