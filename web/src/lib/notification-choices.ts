/**
 * The notification preferences form's model (issue 30): which channel of which category can be chosen (the
 * catalogue's events of a category decide — marketing sends no texts; security cannot be turned off), the
 * server's answer as the form's values, and the form's values as the update to send.
 */
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@strand/domain';

export const CATEGORY_TEXT: Readonly<Record<NotificationCategory, { label: string; hint: string }>> = {
  billing: { label: 'Billing', hint: 'Bills, payments, refunds and cards about to expire.' },
  appointments: { label: 'Appointments', hint: 'Visits booked or moved, the reminder, the technician on the way.' },
  service: { label: 'Service', hint: 'Orders, your service turned on, trouble tickets, outages.' },
  security: {
    label: 'Security',
    hint: 'Always on: a changed password, a new sign-in or an e-mail change must reach you, so these cannot be turned off.',
  },
  marketing: { label: 'Offers', hint: 'New packages and offers. Off until you turn it on.' },
};

export const CHANNEL_LABEL: Readonly<Record<NotificationChannel, string>> = {
  email: 'E-mail',
  sms: 'Text message (SMS)',
  in_app: 'In the portal',
};

/** The channels any event of the category uses: the ones worth a choice. */
export function channelsOf(category: NotificationCategory): NotificationChannel[] {
  const used = new Set<NotificationChannel>();
  for (const def of Object.values(NOTIFICATION_EVENTS)) {
    if (def.category === category) for (const c of def.channels) used.add(c);
  }
  return NOTIFICATION_CHANNELS.filter((c) => used.has(c));
}

export interface ChoiceValues {
  /** `category|channel` -> on. */
  on: Record<string, boolean>;
  quiet: boolean;
  starts: string;
  ends: string;
}

export const choiceKey = (category: NotificationCategory, channel: NotificationChannel) => `${category}|${channel}`;

export function valuesOf(saved: NotificationPreferences): ChoiceValues {
  const on: Record<string, boolean> = {};
  for (const p of saved.preferences) on[choiceKey(p.category, p.channel)] = p.enabled;
  return {
    on,
    quiet: saved.quietHours !== null,
    starts: saved.quietHours?.starts ?? '21:00',
    ends: saved.quietHours?.ends ?? '08:00',
  };
}

/** The update: every choice that can be made (security is not sent), and the quiet hours or none. */
export function updateOf(values: ChoiceValues): NotificationPreferencesUpdate {
  const preferences = NOTIFICATION_CATEGORIES.filter((c) => c !== 'security').flatMap((category) =>
    channelsOf(category).map((channel) => ({
      category,
      channel,
      enabled: values.on[choiceKey(category, channel)] ?? false,
    })),
  );
  return { preferences, quietHours: values.quiet ? { starts: values.starts, ends: values.ends } : null };
}

/** Field messages the form shows before asking the server (the server checks the same). */
export function checkQuietHours(values: ChoiceValues): Record<string, string> {
  if (!values.quiet) return {};
  const fields: Record<string, string> = {};
  if (!values.starts) fields['quietHours.starts'] = 'Enter when quiet hours start.';
  if (!values.ends) fields['quietHours.ends'] = 'Enter when quiet hours end.';
  if (values.starts && values.starts === values.ends) {
    fields['quietHours.ends'] = 'Quiet hours must end at another time than they start.';
  }
  return fields;
}
