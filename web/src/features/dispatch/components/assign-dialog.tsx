import {
  DEFAULT_SLOT_MINUTES,
  type DispatchResource,
  type DispatchWorkOrder,
  localParts,
  MAX_SLOT_MINUTES,
  MIN_SLOT_MINUTES,
  wallTime,
  zonedInstant,
} from '@strand/domain';
import { z } from 'zod';
import { Button } from '../../../lib/ui/button';
import { DateField, TimeField } from '../../../lib/ui/date-time-field';
import { Dialog } from '../../../lib/ui/dialog';
import { Form } from '../../../lib/ui/form';
import { SelectField } from '../../../lib/ui/parts';
import { useForm } from '../../../lib/use-form';
import { useAvailability } from '../api/dispatch';
import { zoneLabel } from './timeline-board';

export interface AssignValues {
  resourceId: string;
  date: string;
  time: string;
  duration: string;
}

const DURATIONS = [30, 60, 90, 120, 180, 240, 360, 480].filter((m) => m >= MIN_SLOT_MINUTES && m <= MAX_SLOT_MINUTES);

/** The form's check: a resource always; a date and time together or neither (assign without scheduling). */
const AssignFormSchema = z
  .object({
    resourceId: z.string().min(1, 'Choose an installer or a contractor crew.'),
    date: z.string(),
    time: z.string(),
    duration: z.string(),
  })
  .superRefine((v, c) => {
    if (v.date && !/^\d{4}-\d{2}-\d{2}$/.test(v.date)) {
      c.addIssue({ code: 'custom', path: ['date'], message: 'Date must be a date (YYYY-MM-DD).' });
    }
    if (v.time && !/^\d{2}:\d{2}$/.test(v.time)) {
      c.addIssue({ code: 'custom', path: ['time'], message: 'Start time must be a time (HH:MM).' });
    }
    if (v.date && !v.time) c.addIssue({ code: 'custom', path: ['time'], message: 'Choose a start time for the date.' });
    if (v.time && !v.date) c.addIssue({ code: 'custom', path: ['date'], message: 'Choose a date for the start time.' });
  });

/** A date and HH:MM in the provider's zone as an instant. */
function startOf(date: string, time: string): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return zonedInstant(date, h * 60 + m);
}

export interface AssignSubmit {
  resourceId: string;
  start?: string;
  durationMinutes?: number;
}

export interface AssignDialogProps {
  workOrders: DispatchWorkOrder[];
  resources: DispatchResource[];
  /** The board's day, the date a new visit starts on. */
  day: string;
  onSubmit(values: AssignSubmit): Promise<unknown>;
  onClose(): void;
}

/**
 * Assign and schedule through a form (the keyboard and phone way of the board): who, and optionally when and for
 * how long. Several work orders are placed one after another from the start time.
 */
export function AssignDialog({ workOrders, resources, day, onSubmit, onClose }: AssignDialogProps) {
  const first = workOrders[0];
  const slot = workOrders.length === 1 ? first?.slot : null;
  const form = useForm<AssignValues>(() => ({
    resourceId: slot?.resourceId ?? first?.assignedTo[0] ?? '',
    date: slot ? localParts(new Date(slot.start)).date : day,
    time: slot ? wallTime(localParts(new Date(slot.start)).minute) : '08:00',
    duration: String(
      slot ? Math.round((Date.parse(slot.end) - Date.parse(slot.start)) / 60_000) : DEFAULT_SLOT_MINUTES,
    ),
  }));
  const durationOptions = DURATIONS.includes(Number(form.values.duration))
    ? DURATIONS
    : [...DURATIONS, Number(form.values.duration)].sort((a, b) => a - b);
  const title =
    workOrders.length === 1 && first
      ? `${slot ? 'Reschedule' : 'Assign'} work order ${first.id}`
      : `Assign ${workOrders.length} work orders`;

  const { date, time, duration } = form.values;
  const when =
    /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time)
      ? (() => {
          const start = startOf(date, time);
          return {
            start: start.toISOString(),
            end: new Date(start.getTime() + Number(duration) * 60_000).toISOString(),
            ...(workOrders.length === 1 && first ? { workOrderId: first.id } : {}),
          };
        })()
      : null;
  const availability = useAvailability(when);
  const zone = zoneLabel(date || day);

  const submit = form.submit(AssignFormSchema, async (v) => {
    const body: AssignSubmit = { resourceId: v.resourceId };
    if (v.date && v.time) {
      body.start = startOf(v.date, v.time).toISOString();
      body.durationMinutes = Number(v.duration);
    }
    await onSubmit(body);
    onClose();
  });

  return (
    <Dialog title={title} titleClassName="dispatch-dialog__title" className="dispatch-dialog" onCancel={onClose}>
      {workOrders.length > 1 && (
        <p className="muted">
          {workOrders.map((w) => `#${w.id}`).join(', ')} — placed one after another from the start time.
        </p>
      )}
      {first && workOrders.length === 1 && (
        <p className="muted">
          {first.type} – {first.customerName}
          {first.address ? `, ${first.address}` : ''}
        </p>
      )}
      <Form onSubmit={submit} message={form.errors.message}>
        <SelectField
          label="Installer or crew"
          {...form.field('resourceId')}
          options={[
            { value: '', label: 'Choose…' },
            ...resources.map((r) => ({
              value: r.id,
              label: `${r.title} (${r.kind === 'installer' ? 'installer' : 'contractor crew'})`,
            })),
          ]}
        />
        <DateField label="Date" {...form.field('date')} hint="Leave date and time empty to assign only." />
        <TimeField label={`Start time (${zone})`} step={900} {...form.field('time')} hint="" />
        <SelectField
          label="Duration"
          {...form.field('duration')}
          options={durationOptions.map((m) => ({ value: String(m), label: m % 60 ? `${m} minutes` : `${m / 60} h` }))}
        />
        <AvailabilityNote availability={availability} resourceId={form.values.resourceId} zone={zone} />
        <div className="actions">
          <Button type="submit" variant="primary">
            {slot ? 'Save' : 'Assign'}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function AvailabilityNote({
  availability,
  resourceId,
  zone,
}: {
  availability: ReturnType<typeof useAvailability>;
  resourceId: string;
  zone: string;
}) {
  if (availability.fetchStatus === 'idle' && !availability.data) return null;
  if (availability.isPending) return <p className="muted">Checking who is free…</p>;
  if (availability.isError) return <p className="dispatch-flags">Could not check who is free.</p>;
  const data = availability.data;
  const free = data.resources.filter((r) => r.available).length;
  const chosen = data.resources.find((r) => r.resourceId === resourceId);
  const at = (iso: string) => wallTime(localParts(new Date(iso)).minute);
  return (
    <div className="dispatch-availability" aria-live="polite">
      <p className="muted">
        {free} of {data.resources.length} installers and crews are free at that time
        {data.outsideWorkingHours ? ' (outside working hours)' : ''}.
      </p>
      {data.resources.some((r) => !r.available) && (
        <ul className="dispatch-availability__busy" aria-label="Busy at that time">
          {data.resources
            .filter((r) => !r.available)
            .map((r) => (
              <li key={r.resourceId}>
                {r.title}: busy with {r.conflicts.map((c) => `#${c.workOrderId}`).join(', ')}
              </li>
            ))}
        </ul>
      )}
      {chosen && (
        <p className={chosen.available ? 'muted' : 'dispatch-flags'}>
          {chosen.available
            ? `${chosen.title} is free.`
            : `${chosen.title} is busy: ${chosen.conflicts
                .map((c) => `work order ${c.workOrderId} ${at(c.start)}–${at(c.end)} ${zone}`)
                .join('; ')}.`}
        </p>
      )}
    </div>
  );
}
