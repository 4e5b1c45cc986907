// @vitest-environment happy-dom
import { claimsFixture, tokenFor } from '@strand/test-support/test-tokens';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-client';
import { connectApiToSession, sessionStore } from './browser-session';

connectApiToSession();

/** fetch that answers 401 once `release` is called: a request still under way. */
function pendingRefusal() {
  let release = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await answered;
      return new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'Sign in again.' } }), {
        status: 401,
      });
    }),
  );
  return () => release();
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('logout');
  sessionStore.clearEnded();
});

describe('the session and the API client', () => {
  it('ends the session as expired when the server refuses its token', async () => {
    sessionStore.signIn(tokenFor(claimsFixture()));
    const refuse = pendingRefusal();
    const request = apiFetch('/api/customer/account');
    refuse();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState()).toMatchObject({ token: null, ended: 'expired' });
  });

  it('keeps "logged out" when a request sent before the logout is refused after it', async () => {
    sessionStore.signIn(tokenFor(claimsFixture()));
    const refuse = pendingRefusal();
    const request = apiFetch('/api/notifications');
    sessionStore.signOut('logout');
    refuse();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().ended).toBe('logout');
  });

  it("does not end the next user's session on the previous token's refusal", async () => {
    sessionStore.signIn(tokenFor(claimsFixture({ nUserID: 1 })));
    const refuse = pendingRefusal();
    const request = apiFetch('/api/notifications');
    const next = tokenFor(claimsFixture({ nUserID: 2 }));
    sessionStore.signIn(next);
    refuse();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().token).toBe(next);
  });
});
