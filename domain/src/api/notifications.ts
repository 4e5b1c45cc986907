/** Notifications (issue 30): the notification center, the recipient's preferences, the staff delivery log. */
import { z } from 'zod';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS } from '../notifications.js';
import { CUSTOMER_ID_PATTERN } from './auth.js';

export const NotificationItemSchema = z.object({
  id: z.number().int(),
  eventType: z.string(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  /** The values the words were filled from (`ticket: '#12'`, `order: '#7'`, `workOrder: '41'`): the web links the subject. */
  data: z.record(z.string(), z.string()),
});
export type NotificationItem = z.infer<typeof NotificationItemSchema>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationItemSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 100.').max(100, 'limit must be 1 to 100.').default(30),
});

export const NotificationIdParamsSchema = z.object({
  notificationId: z.coerce.number().int('notificationId must be a whole number.').positive(),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 21:30 (24-hour clock).');

export const NotificationPreferenceSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES, {
    error: `category must be one of ${NOTIFICATION_CATEGORIES.join(', ')}.`,
  }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: `channel must be one of ${NOTIFICATION_CHANNELS.join(', ')}.` }),
  enabled: z.boolean(),
});

export const NotificationPreferencesSchema = z.object({
  preferences: z.array(NotificationPreferenceSchema.extend({ locked: z.boolean() })),
  quietHours: z.object({ starts: hhmm, ends: hhmm }).nullable(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesUpdateSchema = z.object({
  preferences: z.array(NotificationPreferenceSchema).max(15, 'At most 15 preferences at once.'),
  quietHours: z.object({ starts: hhmm, ends: hhmm }).nullable().optional(),
});
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;

export const AccountUserParamsSchema = z.object({
  userId: z.coerce.number().int('userId must be a whole number.').positive(),
});

export const DeliveryLogEntrySchema = z.object({
  id: z.number().int(),
  eventType: z.string(),
  title: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  to: z.string().nullable(),
  state: z.enum(['queued', 'sending', 'sent', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  tries: z.array(z.object({ at: z.string(), outcome: z.string(), detail: z.string().nullable() })),
});
export const DeliveryLogSchema = z.object({ entries: z.array(DeliveryLogEntrySchema) });
export type DeliveryLog = z.infer<typeof DeliveryLogSchema>;

export const DeliveryLogParamsSchema = z.object({
  customerId: z.string().regex(CUSTOMER_ID_PATTERN, 'customerId must look like 0000-0000-0000.'),
});
