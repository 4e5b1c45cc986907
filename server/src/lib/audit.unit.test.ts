import { describe, expect, it } from 'vitest';
import { changesBetween, subjectOf } from './audit.js';
import { shortUserAgent } from './request-context.js';

describe('changesBetween', () => {
  it('keeps the changed fields only, as before → after', () => {
    expect(changesBetween({ name: 'Dana', phone: '5735550100' }, { name: 'Dana', phone: '5735550123' })).toEqual([
      { field: 'phone', from: '5735550100', to: '5735550123' },
    ]);
  });
  it('never writes a secret or a full card number', () => {
    const out = changesBetween(
      { password: 'old-secret', note: 'card 4242 4242 4242 4242' },
      { password: 'new-secret', note: 'card 4111111111111111', pin: '1234' },
    );
    expect(out).toEqual([
      { field: 'password', from: null, to: '(changed)' },
      { field: 'note', from: 'card •••• 4242', to: 'card •••• 1111' },
      { field: 'pin', from: null, to: '(changed)' },
    ]);
    expect(JSON.stringify(out)).not.toMatch(/secret|4111111111111111|1234/);
  });
});

describe('subjectOf', () => {
  it('reads the subjects the writers use', () => {
    expect(subjectOf('staff.order.note', 'sales_order:12')).toEqual({ type: 'order', id: '12', customerId: null });
    expect(subjectOf('customer.payment.completed', '1000-2000-0001:7')).toEqual({
      type: 'payment',
      id: '7',
      customerId: '1000-2000-0001',
    });
    expect(subjectOf('customer.autopay.activate', '1000-2000-0001:3')).toMatchObject({
      type: 'account',
      id: '1000-2000-0001',
    });
    expect(subjectOf('register', '1000-2000-0001')).toMatchObject({ type: 'account' });
  });
});

describe('shortUserAgent', () => {
  it('names the browser and the system', () => {
    expect(shortUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1')).toBe(
      'Safari on iPhone',
    );
    expect(shortUserAgent(undefined)).toBeNull();
  });
});
