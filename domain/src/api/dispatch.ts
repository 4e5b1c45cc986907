/**
 * The staff dispatch board (issue 13 part 3): its read (resources, the work to place, the slots of a range of days)
 * and its one write (assign and schedule one or several work orders to one installer or contractor crew).
 */
import { z } from 'zod';
import {
  MAX_BOARD_DAYS,
  MAX_BULK_ASSIGN,
  MAX_SLOT_MINUTES,
  MIN_SLOT_MINUTES,
  RESOURCE_ID_PATTERN,
} from '../dispatch.js';
import { calendarDate } from './calendar-date.js';

export const DispatchBoardQuerySchema = z
  .object({
    from: calendarDate('From'),
    to: calendarDate('To'),
  })
  .superRefine((q, c) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days < 0) c.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From.' });
    else if (days >= MAX_BOARD_DAYS) {
      c.addIssue({ code: 'custom', path: ['to'], message: `The board shows at most ${MAX_BOARD_DAYS} days.` });
    }
  });
export type DispatchBoardQuery = z.infer<typeof DispatchBoardQuerySchema>;

export const DispatchResourceSchema = z.object({
  /** `installer:<user id>` or `contractor:<company id>`. */
  id: z.string(),
  kind: z.enum(['installer', 'contractor']),
  title: z.string(),
});
export type DispatchResource = z.infer<typeof DispatchResourceSchema>;

export const SlotFlagsSchema = z.object({
  doubleBookedWith: z.array(z.number().int()),
  outsideWorkingHours: z.boolean(),
  beforePredecessor: z.boolean(),
  predecessorUnscheduled: z.boolean(),
});
export type SlotFlags = z.infer<typeof SlotFlagsSchema>;

export const DispatchSlotSchema = z.object({
  resourceId: z.string(),
  /** ISO-8601 UTC. */
  start: z.string(),
  end: z.string(),
  flags: SlotFlagsSchema,
});
export type DispatchSlot = z.infer<typeof DispatchSlotSchema>;

export const DispatchWorkOrderSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  status: z.string(),
  customerName: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  /** Assigned to nobody: no installer and no contractor company. */
  unassigned: z.boolean(),
  /** Who has it now: installers' resource ids, or the contractor company's. */
  assignedTo: z.array(z.string()),
  /** An order's later step: waits for this work order (status 'Waiting'). */
  dependsOn: z.number().int().nullable(),
  slot: DispatchSlotSchema.nullable(),
});
export type DispatchWorkOrder = z.infer<typeof DispatchWorkOrderSchema>;

export const DispatchBoardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Today in the provider's time zone: overdue means a due date before it. */
  today: z.string(),
  resources: z.array(DispatchResourceSchema),
  workOrders: z.array(DispatchWorkOrderSchema),
  /** More work orders matched than the board shows (the oldest due first are shown). */
  truncated: z.boolean(),
});
export type DispatchBoard = z.infer<typeof DispatchBoardSchema>;

export const AssignRequestSchema = z
  .object({
    workOrderIds: z
      .array(
        z
          .number({ error: 'Work order ids must be whole numbers.' })
          .int('Work order ids must be whole numbers.')
          .positive('Work order ids must be whole numbers.')
          .max(2_147_483_647, 'A work order id is too large.'),
        { error: 'Choose at least one work order.' },
      )
      .min(1, 'Choose at least one work order.')
      .max(MAX_BULK_ASSIGN, `Assign at most ${MAX_BULK_ASSIGN} work orders at once.`),
    resourceId: z
      .string({ error: 'Choose an installer or a contractor crew.' })
      .regex(RESOURCE_ID_PATTERN, 'Choose an installer or a contractor crew.'),
    /** When set, the work orders are scheduled one after another from here (ISO-8601 with an offset). */
    start: z.iso.datetime({ offset: true, error: 'Start must be a date and time (ISO-8601).' }).optional(),
    durationMinutes: z
      .number({ error: 'Duration must be a whole number of minutes.' })
      .int('Duration must be a whole number of minutes.')
      .min(MIN_SLOT_MINUTES, `Duration must be ${MIN_SLOT_MINUTES} to ${MAX_SLOT_MINUTES} minutes.`)
      .max(MAX_SLOT_MINUTES, `Duration must be ${MIN_SLOT_MINUTES} to ${MAX_SLOT_MINUTES} minutes.`)
      .optional(),
  })
  .superRefine((b, c) => {
    if (new Set(b.workOrderIds).size !== b.workOrderIds.length) {
      c.addIssue({ code: 'custom', path: ['workOrderIds'], message: 'Each work order may be chosen once.' });
    }
    if (b.durationMinutes !== undefined && b.start === undefined) {
      c.addIssue({ code: 'custom', path: ['start'], message: 'Choose a start time for the duration.' });
    }
  });
export type AssignRequest = z.infer<typeof AssignRequestSchema>;

export const AssignResultSchema = z.object({
  results: z.array(
    z.object({
      workOrderId: z.number().int(),
      resourceId: z.string(),
      slot: DispatchSlotSchema.nullable(),
    }),
  ),
});
export type AssignResult = z.infer<typeof AssignResultSchema>;

/** Human words for a slot's flags (the board, the list and the form say the same). */
export function slotFlagMessages(flags: SlotFlags): string[] {
  const out: string[] = [];
  if (flags.doubleBookedWith.length > 0) {
    out.push(`Double booked with work order ${flags.doubleBookedWith.join(', ')}.`);
  }
  if (flags.outsideWorkingHours) out.push('Outside working hours (Mon–Fri 08:00–17:00).');
  if (flags.beforePredecessor) out.push('Starts before the work order it waits for ends.');
  if (flags.predecessorUnscheduled) out.push('Waits for a work order that is not scheduled yet.');
  return out;
}

/** Who is free for [start, end): every installer and crew with the visits it would overlap (the Assign dialog). */
export const DispatchAvailabilityQuerySchema = z
  .object({
    start: z.iso.datetime({ offset: true, error: 'Start must be a date and time (ISO-8601).' }),
    end: z.iso.datetime({ offset: true, error: 'End must be a date and time (ISO-8601).' }),
    /** The work order being placed: its own slot is no conflict. */
    workOrderId: z.coerce
      .number({ error: 'Work order must be a whole number.' })
      .int('Work order must be a whole number.')
      .positive('Work order must be a whole number.')
      .max(2_147_483_647, 'A work order id is too large.')
      .optional(),
  })
  .superRefine((q, c) => {
    const minutes = (Date.parse(q.end) - Date.parse(q.start)) / 60_000;
    if (!(minutes >= MIN_SLOT_MINUTES && minutes <= MAX_SLOT_MINUTES)) {
      c.addIssue({
        code: 'custom',
        path: ['end'],
        message: `End must be ${MIN_SLOT_MINUTES} to ${MAX_SLOT_MINUTES} minutes after start.`,
      });
    }
  });
export type DispatchAvailabilityQuery = z.infer<typeof DispatchAvailabilityQuerySchema>;

export const DispatchAvailabilitySchema = z.object({
  start: z.string(),
  end: z.string(),
  outsideWorkingHours: z.boolean(),
  resources: z.array(
    z.object({
      resourceId: z.string(),
      title: z.string(),
      kind: z.enum(['installer', 'contractor']),
      available: z.boolean(),
      conflicts: z.array(z.object({ workOrderId: z.number().int(), start: z.string(), end: z.string() })),
    }),
  ),
});
export type DispatchAvailability = z.infer<typeof DispatchAvailabilitySchema>;
