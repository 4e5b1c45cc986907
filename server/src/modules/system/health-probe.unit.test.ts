import { describe, expect, it } from 'vitest';
import { healthProbe } from './health-probe.js';

/** A probe over counting fakes, on a clock the test moves. */
function setup(overrides: { ping?: () => unknown; freeBytes?: number | null } = {}) {
  const calls = { ping: 0, storage: 0, down: 0, low: 0 };
  let clock = 0;
  let minFreeBytes = 100;
  const probe = healthProbe({
    ping: () => {
      calls.ping += 1;
      return overrides.ping?.();
    },
    storage: async () => {
      calls.storage += 1;
      const freeBytes = overrides.freeBytes === undefined ? 500 : overrides.freeBytes;
      return { ok: freeBytes !== null, freeBytes };
    },
    minFreeBytes: () => minFreeBytes,
    describe: { dialect: 'sqlite', version: '2.7.25' },
    onDatabaseDown: () => {
      calls.down += 1;
    },
    onStorageLow: () => {
      calls.low += 1;
    },
    ttlMs: 1000,
    now: () => clock,
  });
  return {
    probe,
    calls,
    tick: (ms: number) => {
      clock += ms;
    },
    setMin: (n: number) => {
      minFreeBytes = n;
    },
  };
}

const parsed = async (answer: ReturnType<ReturnType<typeof healthProbe>>) => {
  const a = await answer;
  return { statusCode: a.statusCode, body: JSON.parse(a.json) };
};

describe('healthProbe', () => {
  it('pings the database and asks the storage once per second however often it is called', async () => {
    const { probe, calls, tick } = setup();
    const first = await parsed(probe());
    expect(first).toEqual({
      statusCode: 200,
      body: {
        status: 'ok',
        database: 'ok',
        dialect: 'sqlite',
        version: '2.7.25',
        storage: { ok: true, freeBytes: 500 },
      },
    });
    tick(999);
    const fresh = probe();
    expect(fresh).not.toBeInstanceOf(Promise); // answered from the round, synchronously
    expect(await parsed(fresh)).toEqual(first);
    expect(calls).toMatchObject({ ping: 1, storage: 1 });
    tick(1);
    await probe();
    expect(calls).toMatchObject({ ping: 2, storage: 2 });
  });

  it('shares one round between callers that arrive while it runs', async () => {
    const { probe, calls } = setup();
    await Promise.all([probe(), probe(), probe()]);
    expect(calls.ping).toBe(1);
  });

  it('reports a database that does not answer as degraded with 503, logged once per round', async () => {
    const { probe, calls, tick } = setup({
      ping: () => {
        throw new Error('SQLITE_IOERR');
      },
    });
    const down = await parsed(probe());
    expect(down.statusCode).toBe(503);
    expect(down.body).toMatchObject({ status: 'degraded', database: 'unreachable' });
    tick(10);
    await probe();
    expect(calls.down).toBe(1);
  });

  it('compares the free space with the minimum of the moment and warns once per round when low', async () => {
    const { probe, calls, setMin } = setup();
    expect((await parsed(probe())).body.storage).toEqual({ ok: true, freeBytes: 500 });
    setMin(501);
    const low = await parsed(probe());
    expect(low.statusCode).toBe(200);
    expect(low.body.storage).toEqual({ ok: false, freeBytes: 500 });
    expect(calls.storage).toBe(1);
  });

  it('reports storage that cannot be asked as not ok', async () => {
    const { probe, calls } = setup({ freeBytes: null });
    expect((await parsed(probe())).body.storage).toEqual({ ok: false, freeBytes: null });
    expect(calls.low).toBe(1);
  });
});
