import { describe, expect, it } from 'vitest';
import { redactUrl } from './security.js';

describe('redactUrl (request logs carry no secrets)', () => {
  it('hides reset tokens and hashes in query strings', () => {
    expect(redactUrl('/accountRecovery?token=abc123&x=1')).toBe('/accountRecovery?token=[redacted]&x=1');
    expect(redactUrl('/x?hash=deadbeef')).toBe('/x?hash=[redacted]');
  });

  it('hides the hash of a super-user link', () => {
    expect(redactUrl('/login/superUser/1000-3000-0001/0123abcd/7')).toBe(
      '/login/superUser/1000-3000-0001/[redacted]/7',
    );
  });

  it('hides a cart id, the visitor’s checkout secret', () => {
    expect(redactUrl('/api/ordering/carts/3vi_3A9Kpk6tTnU37-8WKAChPXtgxtiS')).toBe('/api/ordering/carts/[redacted]');
    expect(redactUrl('/api/ordering/carts/3vi_3A9Kpk6tTnU37-8WKAChPXtgxtiS/install-windows?x=1')).toBe(
      '/api/ordering/carts/[redacted]/install-windows?x=1',
    );
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/work-orders?customerName=acme')).toBe('/api/work-orders?customerName=acme');
  });
});
