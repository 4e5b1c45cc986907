/**
 * The notification catalogue (issue 30, docs/notifications.md): every event the portal tells people about, its
 * category (what a recipient turns on or off), the channels it may use, who gets it, and its words. Security notices
 * cannot be turned off; marketing is off until the recipient turns it on.
 */

export const NOTIFICATION_CATEGORIES = ['billing', 'appointments', 'service', 'security', 'marketing'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'in_app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Who gets it: the account's users (business: its admins), the user it is about, or the assigned field users. */
export type NotificationAudience = 'account' | 'user' | 'field';

export interface NotificationEventDefinition {
  category: NotificationCategory;
  channels: readonly NotificationChannel[];
  audience: NotificationAudience;
  /** The title (mail subject, SMS first words, the notification center's line); `{name}` takes the payload's value. */
  title: string;
  /** The sentence under it. */
  body: string;
}

const ALL: readonly NotificationChannel[] = ['email', 'sms', 'in_app'];
const MAIL_AND_APP: readonly NotificationChannel[] = ['email', 'in_app'];

export const NOTIFICATION_EVENTS = {
  'order.placed': {
    category: 'service',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Order {order} placed',
    body: 'We received your order {order}. We will let you know as each step is done.',
  },
  'order.changed': {
    category: 'service',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Order {order} changed',
    body: 'Your order {order} was changed: {detail}',
  },
  'order.cancelled': {
    category: 'service',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Order {order} cancelled',
    body: 'Your order {order} was cancelled.',
  },
  'order.refunded': {
    category: 'billing',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Refund for order {order}',
    body: 'We refunded {amount} for order {order} to the card it was paid with.',
  },
  'appointment.booked': {
    category: 'appointments',
    channels: ALL,
    audience: 'account',
    title: 'Visit booked for {date}',
    body: 'A technician will come to {address} on {date} between {window}.',
  },
  'appointment.moved': {
    category: 'appointments',
    channels: ALL,
    audience: 'account',
    title: 'Visit moved to {date}',
    body: 'Your visit at {address} moved to {date} between {window}.',
  },
  'appointment.reminder': {
    category: 'appointments',
    channels: ALL,
    audience: 'account',
    title: 'Visit tomorrow, {date}',
    body: 'Reminder: a technician comes to {address} tomorrow between {window}.',
  },
  'appointment.on_the_way': {
    category: 'appointments',
    channels: ALL,
    audience: 'account',
    title: 'Your technician is on the way',
    body: 'Your technician is on the way to {address}.',
  },
  'work.completed': {
    category: 'appointments',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Work completed at {address}',
    body: 'The {work} at {address} is done.',
  },
  'service.activated': {
    category: 'service',
    channels: ALL,
    audience: 'account',
    title: 'Your service is on',
    body: 'Your service at {address} is active: {packages}.',
  },
  'invoice.ready': {
    category: 'billing',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Your bill is ready',
    body: 'Your bill of {amount} is ready; it is due {due}.',
  },
  'payment.received': {
    category: 'billing',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Payment received',
    body: 'We received your payment of {amount}. Thank you.',
  },
  'payment.failed': {
    category: 'billing',
    channels: ALL,
    audience: 'account',
    title: 'Payment failed',
    body: 'Your payment of {amount} did not go through: {reason}',
  },
  'autopay.failed': {
    category: 'billing',
    channels: ALL,
    audience: 'account',
    title: 'Automatic payment failed',
    body: 'Your automatic payment of {amount} did not go through: {reason}',
  },
  'card.expiring': {
    category: 'billing',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Your card expires next month',
    body: 'The card ending {last4} expires at the end of next month. Please add a new one.',
  },
  'ticket.opened': {
    category: 'service',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Ticket {ticket} opened',
    body: 'We received your ticket {ticket} ({subject}).',
  },
  'ticket.updated': {
    category: 'service',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Ticket {ticket} updated',
    body: 'Your ticket {ticket} ({subject}) was updated.',
  },
  'ticket.resolved': {
    category: 'service',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Ticket {ticket} resolved',
    body: 'Your ticket {ticket} ({subject}) is resolved.',
  },
  'business_request.updated': {
    category: 'service',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: 'Request {request} updated',
    body: 'Your business-center request {request} is now {status}.',
  },
  'notice.outage': {
    category: 'service',
    channels: ALL,
    audience: 'user',
    title: '{subject}',
    body: '{message}',
  },
  'security.password_changed': {
    category: 'security',
    channels: MAIL_AND_APP,
    audience: 'user',
    title: 'Your password was changed',
    body: 'The password of {username} was changed. If this was not you, reset it now and call us.',
  },
  'security.email_change': {
    category: 'security',
    channels: MAIL_AND_APP,
    audience: 'user',
    title: 'Your e-mail address is changing',
    body: 'A change of the e-mail address of {username} to {email} was asked for. If this was not you, call us.',
  },
  'security.new_device': {
    category: 'security',
    channels: MAIL_AND_APP,
    audience: 'user',
    title: 'New sign-in',
    body: '{username} signed in from a new device ({device}). If this was not you, change your password.',
  },
  'field.work_order_assigned': {
    category: 'service',
    channels: ['in_app'],
    audience: 'field',
    title: 'New work order assigned',
    body: 'Work order {workOrder} at {address} on {date}.',
  },
  'field.work_order_moved': {
    category: 'service',
    channels: ['in_app'],
    audience: 'field',
    title: 'Work order moved',
    body: 'Work order {workOrder} moved to {date}.',
  },
  'marketing.offer': {
    category: 'marketing',
    channels: MAIL_AND_APP,
    audience: 'account',
    title: '{subject}',
    body: '{message}',
  },
} as const satisfies Record<string, NotificationEventDefinition>;

export type NotificationEventType = keyof typeof NOTIFICATION_EVENTS;

/** Whether a channel of a category is on when the recipient chose nothing: everything but marketing. */
export function channelOnByDefault(category: NotificationCategory): boolean {
  return category !== 'marketing';
}

/** Whether the recipient may turn a category off (security notices always go). */
export const categoryCanBeTurnedOff = (category: NotificationCategory) => category !== 'security';

/** Fills `{name}` from the payload (a missing value leaves an empty place, never the braces). */
export function fillTemplate(template: string, data: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => data[name] ?? '');
}

/** 'HH:MM' -> minutes after midnight. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Minutes until SMS quiet hours end, or 0 when `localMinutes` (minutes after local midnight) is outside them.
 * A start after the end spans midnight (22:00-07:00).
 */
export function minutesLeftInQuietHours(quiet: { starts: string; ends: string }, localMinutes: number): number {
  const s = minutesOf(quiet.starts);
  const e = minutesOf(quiet.ends);
  if (s === e) return 0;
  const inside = s < e ? localMinutes >= s && localMinutes < e : localMinutes >= s || localMinutes < e;
  if (!inside) return 0;
  return (e - localMinutes + 1440) % 1440;
}

/**
 * The visit window a customer is told about for a slot starting at `startIso`: its day and half of the day
 * (INSTALL_WINDOWS: 08:00-12:00 or 12:00-17:00), in `timeZone`. A dispatcher's move that keeps both says nothing new.
 */
export function visitWindowOf(startIso: string, timeZone: string): { date: string; window: string } {
  const at = new Date(startIso);
  const date = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(
    at,
  );
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at));
  return { date, window: hour < 12 ? '8 AM and noon' : 'noon and 5 PM' };
}
