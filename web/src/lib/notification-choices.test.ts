import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { channelsOf, checkQuietHours, updateOf, valuesOf } from './notification-choices';

const SAVED = {
  preferences: NOTIFICATION_CATEGORIES.flatMap((category) =>
    NOTIFICATION_CHANNELS.map((channel) => ({
      category,
      channel,
      enabled: category !== 'marketing',
      locked: category === 'security',
    })),
  ),
  quietHours: null,
};

describe('the notification preferences form', () => {
  it('offers only the channels a category’s notices use', () => {
    expect(channelsOf('billing')).toEqual(['email', 'sms', 'in_app']);
    expect(channelsOf('marketing')).toEqual(['email', 'in_app']);
    expect(channelsOf('security')).toEqual(['email', 'in_app']);
  });

  it('sends every choice but security, and the quiet hours only when asked for', () => {
    const values = valuesOf(SAVED);
    expect(values.quiet).toBe(false);
    const update = updateOf({ ...values, on: { ...values.on, 'billing|sms': false } });
    expect(update.preferences.some((p) => p.category === 'security')).toBe(false);
    expect(update.preferences).toContainEqual({ category: 'billing', channel: 'sms', enabled: false });
    expect(update.preferences).toContainEqual({ category: 'marketing', channel: 'email', enabled: false });
    expect(update.preferences.length).toBeLessThanOrEqual(15);
    expect(update.quietHours).toBeNull();
    expect(updateOf({ ...values, quiet: true, starts: '22:00', ends: '07:00' }).quietHours).toEqual({
      starts: '22:00',
      ends: '07:00',
    });
  });

  it('names quiet hours that start when they end, or lack a time', () => {
    const values = { ...valuesOf(SAVED), quiet: true };
    expect(checkQuietHours({ ...values, starts: '22:00', ends: '22:00' })).toEqual({
      'quietHours.ends': 'Quiet hours must end at another time than they start.',
    });
    expect(checkQuietHours({ ...values, starts: '', ends: '07:00' })).toHaveProperty('quietHours.starts');
    expect(checkQuietHours({ ...values, quiet: false, starts: '' })).toEqual({});
  });
});
