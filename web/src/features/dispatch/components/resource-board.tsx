import FullCalendar from '@fullcalendar/react';
import interactionPlugin, { Draggable } from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import resourceTimeGridPlugin from '@fullcalendar/react-scheduler/resource-timegrid';
import { type DispatchResource, type DispatchWorkOrder, slotFlagMessages, WORKING_HOURS } from '@strand/domain';
import { useEffect, useMemo } from 'react';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';

/**
 * The scheduler plugins are premium FullCalendar code, free for GPL projects under this key (the issue accepts it);
 * a commercial deployment buys a key and puts it here.
 */
const SCHEDULER_LICENSE_KEY = 'GPL-My-Project-Is-Open-Source';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface ResourceBoardProps {
  day: string;
  resources: DispatchResource[];
  /** Work orders with a slot on this day. */
  scheduled: DispatchWorkOrder[];
  /** The list whose `.dispatch-item` elements can be dragged onto the board. */
  dragSource: HTMLElement | null;
  onDropItem(workOrderId: number, resourceId: string, start: Date): void;
  onMove(workOrderId: number, resourceId: string, start: Date, end: Date, revert: () => void): void;
  onOpen(workOrderId: number): void;
}

/**
 * One day of installers and crews side by side (FullCalendar's resource time grid): drop a work order from the
 * list onto a person's time to assign and schedule it, drag or resize a visit to move it (also to another person).
 * Working hours (Mon–Fri 08:00–17:00) are shaded as business hours; a flagged visit is drawn as a conflict.
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

  const events = useMemo(
    () =>
      scheduled.flatMap((w) => {
        if (!w.slot) return [];
        const flags = slotFlagMessages(w.slot.flags);
        return [
          {
            id: String(w.id),
            resourceId: w.slot.resourceId,
            start: w.slot.start,
            end: w.slot.end,
            title: `#${w.id} ${w.type} – ${w.customerName}${flags.length ? ` ⚠ ${flags.join(' ')}` : ''}`,
            classNames: flags.length ? ['dispatch-event', 'dispatch-event--conflict'] : ['dispatch-event'],
            ...(flags.length ? { color: '#b42318' } : {}),
          },
        ];
      }),
    [scheduled],
  );

  return (
    <div className="dispatch-calendar">
      <div style={{ minWidth: `${Math.max(720, 64 + resources.length * 120)}px` }}>
        <FullCalendar
          key={day}
          plugins={[resourceTimeGridPlugin, interactionPlugin, classicTheme]}
          schedulerLicenseKey={SCHEDULER_LICENSE_KEY}
          initialView="resourceTimeGridDay"
          initialDate={day}
          headerToolbar={false}
          height="auto"
          allDaySlot={false}
          slotMinTime="06:00"
          slotMaxTime="20:00"
          slotDuration="00:30"
          nowIndicator
          businessHours={{
            daysOfWeek: WORKING_HOURS.days.map((d) => d % 7),
            startTime: hhmm(WORKING_HOURS.startMinute),
            endTime: hhmm(WORKING_HOURS.endMinute),
          }}
          resources={resources.map((r, order) => ({ id: r.id, title: r.title, extendedProps: { order } }))}
          resourceOrder="order"
          events={events}
          editable
          droppable
          eventDurationEditable
          drop={(info) => {
            const id = Number(info.draggedEl.getAttribute('data-work-order-id'));
            const resource = (info as unknown as { resource?: { id: string } }).resource;
            if (id && resource) onDropItem(id, resource.id, info.date);
          }}
          eventDrop={(info) => {
            const newResource = (info as unknown as { newResource?: { id: string } | null }).newResource;
            const current = scheduled.find((w) => String(w.id) === info.event.id)?.slot?.resourceId;
            const { start, end } = info.event;
            if (!start || !end || !(newResource?.id ?? current)) return info.revert();
            onMove(Number(info.event.id), newResource?.id ?? current ?? '', start, end, info.revert);
          }}
          eventResize={(info) => {
            const current = scheduled.find((w) => String(w.id) === info.event.id)?.slot?.resourceId;
            const { start, end } = info.event;
            if (!start || !end || !current) return info.revert();
            onMove(Number(info.event.id), current, start, end, info.revert);
          }}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            onOpen(Number(info.event.id));
          }}
        />
      </div>
    </div>
  );
}
