import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, configureApi, prefetchGet } from './api-client';

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
