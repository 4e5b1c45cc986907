import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { requestHashOf, runIdempotent } from './idempotency.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A write that records an audit row, so the test can count how often it really ran. */
const write = (label: string) => async (trx: Parameters<Parameters<typeof runIdempotent>[2]>[0]) => {
  await trx
    .insertInto('audit_log')
    .values({ at: new Date().toISOString(), user_id: 1, employee_id: null, action: label })
    .execute();
  return { statusCode: 201, body: { label } };
};
const count = async (label: string) =>
  Number(
    (
      await t.db.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', label)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('runIdempotent', () => {
  it('does a retried write once and answers the retry with the first result', async () => {
    const options = { userId: 1, key: 'key-retry-0001', route: 'POST /test', request: { a: 1 }, now: new Date() };
    const first = await runIdempotent(t.db.db, options, write('retry'));
    const second = await runIdempotent(t.db.db, options, write('retry'));
    expect(first).toEqual({ statusCode: 201, body: { label: 'retry' }, replayed: false });
    expect(second).toEqual({ statusCode: 201, body: { label: 'retry' }, replayed: true });
    expect(await count('retry')).toBe(1);
  });

  it('does concurrent requests with one key once', async () => {
    const options = { userId: 1, key: 'key-concurrent-1', route: 'POST /test', request: { a: 1 }, now: new Date() };
    const results = await Promise.all([1, 2, 3].map(() => runIdempotent(t.db.db, options, write('concurrent'))));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await count('concurrent')).toBe(1);
  });

  it('keeps keys per user, and refuses a key reused for another operation', async () => {
    await runIdempotent(
      t.db.db,
      { userId: 1, key: 'key-shared-0001', route: 'POST /a', request: { a: 1 }, now: new Date() },
      write('per-user'),
    );
    await runIdempotent(
      t.db.db,
      { userId: 2, key: 'key-shared-0001', route: 'POST /a', request: { a: 1 }, now: new Date() },
      write('per-user'),
    );
    expect(await count('per-user')).toBe(2);
    await expect(
      runIdempotent(
        t.db.db,
        { userId: 1, key: 'key-shared-0001', route: 'POST /b', request: { a: 1 }, now: new Date() },
        write('other'),
      ),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  it('refuses a key reused with a different request (422) and replays the same request sent with its keys reordered', async () => {
    const options = { userId: 1, key: 'key-changed-001', route: 'POST /test', now: new Date() };
    await runIdempotent(t.db.db, { ...options, request: { to: 'a', pages: [1, 2] } }, write('changed'));
    await expect(
      runIdempotent(t.db.db, { ...options, request: { to: 'b', pages: [1, 2] } }, write('changed')),
    ).rejects.toMatchObject({ statusCode: 422, code: 'idempotency_key_reused' });
    const same = await runIdempotent(t.db.db, { ...options, request: { pages: [1, 2], to: 'a' } }, write('changed'));
    expect(same.replayed).toBe(true);
    expect(await count('changed')).toBe(1);
  });

  it('tells files apart by their bytes', () => {
    expect(requestHashOf({ f: Buffer.from('one') })).not.toBe(requestHashOf({ f: Buffer.from('two') }));
    expect(requestHashOf({ f: Buffer.from('one') })).toBe(requestHashOf({ f: Buffer.from('one') }));
  });

  it('stores nothing when the write fails', async () => {
    const options = { userId: 1, key: 'key-failing-001', route: 'POST /test', request: { a: 1 }, now: new Date() };
    await expect(
      runIdempotent(t.db.db, options, async (trx) => {
        await write('failing')(trx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count('failing')).toBe(0);
    const retry = await runIdempotent(t.db.db, options, write('failing'));
    expect(retry.replayed).toBe(false);
    expect(await count('failing')).toBe(1);
  });
});
