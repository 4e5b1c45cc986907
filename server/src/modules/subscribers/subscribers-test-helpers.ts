/** Helpers of the subscriber lists' and notices' API tests: staff calls by username, a list page, a notice to send. */
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.js';

export const CLARK = { coloArea: 'CLM-CLARK' };

export interface Row {
  serviceLocationId: number;
  customerId: string;
  customerName: string;
  coloArea: string | null;
  packages: string[];
  ontModels: string[];
  openBalanceCents: number;
  pastDue: boolean;
  accountStatus: string;
  centralOffice: string | null;
}

/**
 * The calls of a test file: `app()` answers the file's test app (made in its beforeAll), `tokens` its signed-in users
 * by username. A POST has a new Idempotency-Key unless one (or null: none) is given.
 */
export function subscriberCalls(app: () => TestApp, tokens: Record<string, string>) {
  let keySeq = 0;
  const newKey = () => `notice-key-${++keySeq}-${Date.now()}`;

  const get = (url: string, who: string | null = 'network') =>
    app().request({ method: 'GET', url, ...(who ? { token: tokens[who] } : {}) });
  const post = (url: string, payload: unknown, who: string | null = 'network', key: string | null = newKey()) =>
    app().request({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      ...(who ? { token: tokens[who] } : {}),
      headers: key ? { 'idempotency-key': key } : {},
    });

  const window = () => ({
    windowStart: new Date(app().clock.now.getTime() + 86_400_000).toISOString(),
    windowEnd: new Date(app().clock.now.getTime() + 86_400_000 + 2 * 3600_000).toISOString(),
  });
  const maintenance = (subject: string, filter: Record<string, unknown> = CLARK) => ({
    kind: 'maintenance',
    subject,
    body: 'We are splicing new fiber into the cabinet that serves your street.',
    ...window(),
    filter,
  });

  const list = async (query: string, who = 'network') => {
    const res = await get(`/api/staff/subscribers?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ rows: Row[]; total: number; customers: number; page: number; pageSize: number }>();
  };

  return { newKey, get, post, maintenance, list };
}
