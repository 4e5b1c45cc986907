import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import type { ContractorCalendarEvent } from '@strand/domain';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/ui/page-title';
import { fetchCalendarEvents } from '../api/field';
import { ContractorOnly } from './contractor-only';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import '../../../styles/contractor.css';
import '../../../styles/contractor-field.css';
import { mapColour } from '../../../lib/ui/map-colours';

/** /calendar: the company's scheduled work in month, week and day views (getCalendarEvents). */
export function CalendarPage() {
  usePageTitle('Calendar');
  return (
    <ContractorOnly title="Calendar">
      <CalendarContent />
    </ContractorOnly>
  );
}

/** Event colours (the legend uses the same): open work, finished work, meetings. */
const EVENT_COLORS = { open: mapColour.info, done: mapColour.success, meeting: mapColour.neutral } as const;

function kindOf(e: ContractorCalendarEvent): keyof typeof EVENT_COLORS {
  if (e.WorkOrderID === null) return 'meeting';
  return e.vcStatus === 'Complete' || e.vcStatus === 'Closed' ? 'done' : 'open';
}

const isNarrow = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 640px)').matches;

function CalendarContent() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // A phone gets a list of the week: whole titles (what and where) instead of month cells cut to "WO 1…".
  const [narrow] = useState(isNarrow);
  const initialView = narrow ? 'listWeek' : 'dayGridMonth';

  const events = useCallback(async (info: { start: Date; end: Date }) => {
    try {
      const list = await fetchCalendarEvents(info.start, info.end);
      setError(null);
      return list.map((e) => ({
        id: String(e.id),
        title: e.title,
        start: e.start,
        end: e.end,
        className: `cal-event--${kindOf(e)}`,
        color: EVENT_COLORS[kindOf(e)],
        ...(e.WorkOrderID !== null ? { url: `/workOrders?wo=${e.WorkOrderID}` } : {}),
      }));
    } catch (err) {
      setError(errorMessage(err));
      throw err;
    }
  }, []);

  return (
    <section className="contractor-page" aria-labelledby="calendar-heading">
      <h1 id="calendar-heading">Calendar</h1>
      <p className="page__lead">Scheduled work and crew meetings. Choose a work order to open it.</p>
      <ul className="legend" aria-label="Legend">
        <li>
          <span className="legend__swatch cal-event--open" /> Open work
        </li>
        <li>
          <span className="legend__swatch cal-event--done" /> Complete or closed
        </li>
        <li>
          <span className="legend__swatch cal-event--meeting" /> Meeting
        </li>
      </ul>
      {error && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      <div className="calendar-wrap">
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, classicTheme]}
          initialView={initialView}
          headerToolbar={
            narrow
              ? { start: 'prev,next', center: 'title', end: 'listWeek,timeGridDay,dayGridMonth' }
              : { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }
          }
          // Day and week views start at the working day, not at midnight, so the day's work is in view.
          titleFormat={narrow ? { month: 'short', day: 'numeric', year: 'numeric' } : undefined}
          slotMinTime="06:00:00"
          slotMaxTime="21:00:00"
          noEventsText="No scheduled work or meetings in this period."
          // Titles say what and where ("WO 110002: Consumer Drop Construction - 1412 Rollins St"): in the list they
          // wrap instead of being cut at the screen's edge.
          views={{
            listWeek: {
              eventContent: (arg: { timeText: string; event: { title: string } }) => (
                <span className="cal-list-event">
                  {arg.timeText && <span className="cal-time">{arg.timeText}</span>}
                  <span className="cal-title">{arg.event.title}</span>
                </span>
              ),
            },
          }}
          height="auto"
          events={events}
          eventClick={(info) => {
            const url = info.event.url;
            if (!url) return;
            info.jsEvent.preventDefault();
            navigate(url);
          }}
        />
      </div>
    </section>
  );
}
