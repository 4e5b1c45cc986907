/**
 * JSON bodies (plugins/json-body.ts, issue 25 HIGH 1): too deep is refused before parsing, public routes take small
 * bodies, and deep bodies in flight do not stall the server.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON request bodies', () => {
  it('refuses a body nested more than 64 levels with 400 naming the body, on public and signed-in routes', async () => {
    const deep = await t.request({
      method: 'POST',
      url: '/api/ordering/availability',
      headers: { 'content-type': 'application/json' },
      payload: `{"street":${nested(65)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error).toMatchObject({
      message: 'The request body nests arrays or objects more than 64 levels deep.',
      fields: { body: 'At most 64 levels of nesting.' },
    });

    const token = await t.login('residential');
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/customer/contacts',
      token,
      headers: { 'content-type': 'application/json' },
      payload: nested(200),
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().error.fields).toEqual({ body: 'At most 64 levels of nesting.' });
  });

  it('still parses ordinary bodies (64 levels pass to validation) and refuses prototype poisoning', async () => {
    const ok = await t.request({
      method: 'POST',
      url: '/api/ordering/availability',
      headers: { 'content-type': 'application/json' },
      payload: `{"street":${nested(63)}}`,
    });
    expect(ok.statusCode).toBe(400);
    expect(ok.json().error.code).toBe('validation_failed');
    expect(ok.json().error.fields.body).toBeUndefined();

    const poisoned = await t.request({
      method: 'POST',
      url: '/api/ordering/availability',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('gives public routes a 16 KiB body limit; signed-in routes keep 1 MiB', async () => {
    const big = JSON.stringify({ street: 'x'.repeat(20_000) });
    const pub = await t.request({
      method: 'POST',
      url: '/api/ordering/availability',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(pub.statusCode).toBe(413);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(17_000) }),
    });
    expect(login.statusCode).toBe(413);

    const token = await t.login('residential');
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/customer/contacts',
      token,
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(signedIn.statusCode).toBe(400);
  });

  it('answers /api/health in under 500 ms while 8 deep 1 MB bodies are in flight', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const token = await t.login('residential');
    const deep = nested(500_000);
    const hostile = Array.from({ length: 8 }, () =>
      fetch(`${base}/api/customer/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: deep,
      }).then((r) => r.status),
    );
    // Probe while they arrive and are handled: the slowest of five answers counts.
    let slowest = 0;
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      const health = await fetch(`${base}/api/health`);
      slowest = Math.max(slowest, performance.now() - started);
      expect(health.status).toBe(200);
    }
    expect(slowest).toBeLessThan(500);
    expect(await Promise.all(hostile)).toEqual(Array(8).fill(400));
  });
});
