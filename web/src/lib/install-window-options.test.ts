import { describe, expect, it } from 'vitest';
import { withLastPartFields } from './form-errors';
import { installDayOptions, installWindowOptions } from './install-window-options';

describe('checkout choices', () => {
  const day = {
    date: '2026-12-07',
    windows: [
      { window: '08:00-12:00' as const, capacity: 2, free: 0 },
      { window: '12:00-17:00' as const, capacity: 2, free: 1 },
    ],
  };
  it('names each day, marks a full one, and offers only windows with room', () => {
    const full = { ...day, date: '2026-12-08', windows: day.windows.map((w) => ({ ...w, free: 0 })) };
    expect(installDayOptions([day, full]).map((o) => o.label)).toEqual([
      'Choose a day',
      'Monday, December 7',
      'Tuesday, December 8 (full)',
    ]);
    expect(installWindowOptions(day)).toEqual([
      { value: '', label: 'Choose a window' },
      { value: '12:00-17:00', label: '12:00 to 17:00 (1 open)' },
    ]);
    expect(installWindowOptions(null)).toHaveLength(1);
  });
  it('puts a nested path’s message under its last part, keeping a flat one', () => {
    const flat = withLastPartFields({
      message: null,
      fields: { 'newCustomer.phone': 'Phone is required.', email: 'Own.', 'payment.email': 'Nested.' },
    });
    expect(flat.fields.phone).toBe('Phone is required.');
    expect(flat.fields.email).toBe('Own.');
  });
});
