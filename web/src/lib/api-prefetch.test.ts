import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, arrivedAnswer, configureApi, prefetchGet } from './api-client';

const Answer = z.object({ id: z.number() });
let token: string | null = 'token-a';
configureApi({ getToken: () => token, onUnauthorized: () => {} });

/** fetch answering each call with the next body, and the calls it got. */
function stubAnswers(...bodies: unknown[]) {
  const fetchStub = vi.fn(async () => new Response(JSON.stringify(bodies.shift()), { status: 200 }));
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

afterEach(() => {
  vi.unstubAllGlobals();
  token = 'token-a';
});

describe('prefetchGet (a page’s first read started by its route)', () => {
  it('is taken once by the next read of the same path, with the token in its headers', async () => {
    const fetchStub = stubAnswers({ id: 1 }, { id: 2 });
    prefetchGet('/api/things/1');
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(fetchStub.mock.calls[0]).toEqual([
      '/api/things/1',
      { headers: expect.objectContaining({ Authorization: 'Bearer token-a', Accept: 'application/json' }) },
    ]);
    await expect(apiRequest('/api/things/1', { schema: Answer })).resolves.toEqual({ id: 1 });
    expect(fetchStub).toHaveBeenCalledTimes(1);
    // Taken once: the next read asks again.
    await expect(apiRequest('/api/things/1', { schema: Answer })).resolves.toEqual({ id: 2 });
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('still refuses a malformed answer (the schema checks it as any other)', async () => {
    stubAnswers({ id: 'one' });
    prefetchGet('/api/things/2');
    await expect(apiRequest('/api/things/2', { schema: Answer })).rejects.toMatchObject({
      code: 'unexpected_response',
    });
  });

  it('is never handed to another user, nor after its time, nor to a write', async () => {
    const fetchStub = stubAnswers({ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 });
    prefetchGet('/api/things/3');
    token = 'token-b';
    await expect(apiRequest('/api/things/3', { schema: Answer })).resolves.toEqual({ id: 2 });
    expect(fetchStub).toHaveBeenCalledTimes(2);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      prefetchGet('/api/things/4');
      vi.setSystemTime(Date.now() + 11_000);
      await expect(apiRequest('/api/things/4', { schema: Answer })).resolves.toEqual({ id: 4 });
    } finally {
      vi.useRealTimers();
    }

    prefetchGet('/api/things/5');
    await apiRequest('/api/things/5', { method: 'POST', body: {}, schema: z.unknown() });
    // The write went out itself (the prefetched GET is not its answer).
    expect(fetchStub).toHaveBeenCalledTimes(6);
    expect(fetchStub.mock.calls[5]).toEqual(['/api/things/5', expect.objectContaining({ method: 'POST' })]);
  });

  it('sends nothing without a session for a signed-in read, and a failure reaches the reader', async () => {
    token = null;
    const fetchStub = stubAnswers();
    prefetchGet('/api/things/6');
    expect(fetchStub).not.toHaveBeenCalled();

    token = 'token-a';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    prefetchGet('/api/things/7');
    await expect(apiRequest('/api/things/7', { schema: Answer })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('arrivedAnswer (an early read that came before its page)', () => {
  /** Lets the stubbed fetch's answer arrive and be read. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('gives the answer once it has arrived, checked by the schema, and only once', async () => {
    const fetchStub = stubAnswers({ id: 8 }, { id: 9 });
    prefetchGet('/api/things/8');
    await settle();
    expect(arrivedAnswer('/api/things/8', Answer)).toEqual({ id: 8 });
    expect(arrivedAnswer('/api/things/8', Answer)).toBeUndefined();
    // Taken: the query's own read asks again.
    await expect(apiRequest('/api/things/8', { schema: Answer })).resolves.toEqual({ id: 9 });
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('gives nothing before the answer arrives, and leaves it to the query’s read', async () => {
    const fetchStub = stubAnswers({ id: 10 });
    prefetchGet('/api/things/10');
    expect(arrivedAnswer('/api/things/10', Answer)).toBeUndefined();
    await expect(apiRequest('/api/things/10', { schema: Answer })).resolves.toEqual({ id: 10 });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('gives nothing for a malformed or failed answer, or to another user', async () => {
    stubAnswers({ id: 'eleven' });
    prefetchGet('/api/things/11');
    await settle();
    expect(arrivedAnswer('/api/things/11', Answer)).toBeUndefined();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"nope"}', { status: 500 })),
    );
    prefetchGet('/api/things/12');
    await settle();
    expect(arrivedAnswer('/api/things/12', Answer)).toBeUndefined();
    await expect(apiRequest('/api/things/12', { schema: Answer })).rejects.toBeInstanceOf(ApiError);

    stubAnswers({ id: 13 });
    prefetchGet('/api/things/13');
    await settle();
    token = 'token-b';
    expect(arrivedAnswer('/api/things/13', Answer)).toBeUndefined();
  });

  it('gives nothing after its time (the query asks again)', async () => {
    const fetchStub = stubAnswers({ id: 14 }, { id: 15 });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      prefetchGet('/api/things/14');
      await settle();
      vi.setSystemTime(Date.now() + 11_000);
      expect(arrivedAnswer('/api/things/14', Answer)).toBeUndefined();
      await expect(apiRequest('/api/things/14', { schema: Answer })).resolves.toEqual({ id: 15 });
      expect(fetchStub).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads each answer’s body once, whether it arrived before its reader or after', async () => {
    const json = vi.spyOn(Response.prototype, 'json');
    const text = vi.spyOn(Response.prototype, 'text');
    try {
      stubAnswers({ id: 16 }, { id: 17 });
      prefetchGet('/api/things/16');
      await settle();
      await expect(apiRequest('/api/things/16', { schema: Answer })).resolves.toEqual({ id: 16 });
      expect(json.mock.calls.length + text.mock.calls.length).toBe(1);
      json.mockClear();
      text.mockClear();
      // Taken on its way: the reader reads it, the early read does not keep a copy.
      prefetchGet('/api/things/17');
      await expect(apiRequest('/api/things/17', { schema: Answer })).resolves.toEqual({ id: 17 });
      await settle();
      expect(json.mock.calls.length + text.mock.calls.length).toBe(1);
    } finally {
      json.mockRestore();
      text.mockRestore();
    }
  });

  it('checks an arrived answer by the reader’s schema', async () => {
    stubAnswers({ id: 'eighteen' });
    prefetchGet('/api/things/18');
    await settle();
    await expect(apiRequest('/api/things/18', { schema: Answer })).rejects.toMatchObject({
      code: 'unexpected_response',
    });
  });
});
