import { claimsFixture, tokenFor } from '@strand/test-support/test-tokens';
import { describe, expect, it, vi } from 'vitest';
import { resolveRedirect } from './route-guard';
import { cleanSessionError, createSessionStore, InvalidTokenError } from './session-store';
import { memoryStorage, STORAGE_KEYS } from './storage';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const nowSeconds = Math.floor(NOW / 1000);

describe('session store', () => {
  it('signs a customer in straight to the portal home', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, undefined, NOW);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.signIn(tokenFor(claimsFixture()))).toBe('/home');
    expect(store.getState().portal).toBe('residential');
    expect(storage.getItem(STORAGE_KEYS.portal)).toBe('residential');
    expect(listener).toHaveBeenCalled();
  });

  it('sends an installer to /portalSelect and remembers the chosen portal', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, undefined, NOW);
    const landing = store.signIn(tokenFor(claimsFixture({ nInstaller: 1, nContractor: 2 })));
    expect(landing).toBe('/portalSelect');
    expect(store.getState().portal).toBeNull();
    store.choosePortal('contractor');
    expect(store.getState().portal).toBe('contractor');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.lastPortalByUser) ?? '{}')).toEqual({ 7: 'contractor' });
  });

  it('refuses a token it cannot read', () => {
    const store = createSessionStore(memoryStorage(), undefined, NOW);
    expect(() => store.signIn('nope')).toThrow(InvalidTokenError);
    expect(store.getState().claims).toBeNull();
  });

  it('logs out and clears the token and portal but keeps the last portal choice', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, undefined, NOW);
    store.signIn(tokenFor(claimsFixture({ nInstaller: 1 })));
    store.choosePortal('installer');
    store.signOut();
    expect(store.getState()).toMatchObject({ token: null, claims: null, portal: null, ended: 'logout' });
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.portal)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.lastPortalByUser)).not.toBeNull();
  });

  it('expires a session whose time has passed, and only then', () => {
    const store = createSessionStore(memoryStorage(), undefined, NOW);
    store.signIn(tokenFor(claimsFixture({ exp: nowSeconds + 60 })));
    expect(store.expireIfDue(NOW)).toBe(false);
    expect(store.expireIfDue(NOW + 60_000)).toBe(true);
    expect(store.getState().ended).toBe('expired');
  });

  it('starts signed out, marked expired, from an expired stored token', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.token]: tokenFor(claimsFixture({ exp: nowSeconds - 10 })) });
    const store = createSessionStore(storage, undefined, NOW);
    expect(store.getState()).toMatchObject({ claims: null, ended: 'expired' });
  });

  it('follows another tab signing out', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, undefined, NOW);
    store.signIn(tokenFor(claimsFixture()));
    storage.removeItem(STORAGE_KEYS.token);
    store.reload(NOW);
    expect(store.getState()).toMatchObject({ claims: null, ended: 'logout' });
  });

  it('strips newlines and tabs from session errors', () => {
    expect(cleanSessionError('Session\n\tended\r\nearly ')).toBe('Session ended early');
  });
});

describe('resolveRedirect', () => {
  const claims = claimsFixture();
  const base = { claims: null, portal: null, ended: null, landingPath: null } as const;

  it('sends a signed-out visitor of a protected page to /login', () => {
    expect(resolveRedirect('/accountInfo', base)).toBe('/login');
  });

  it('sends a visitor whose session expired to /', () => {
    expect(resolveRedirect('/accountInfo', { ...base, ended: 'expired' })).toBe('/');
  });

  it('lands a fresh sign-in on its portal home instead of /portalSelect', () => {
    expect(resolveRedirect('/login', { ...base, claims, portal: 'residential', landingPath: '/accountInfo' })).toBe(
      '/accountInfo',
    );
  });

  it('keeps the SPEC guards otherwise', () => {
    expect(resolveRedirect('/login', { ...base, claims, portal: 'residential' })).toBe('/portalSelect');
    expect(resolveRedirect('/services', { ...base, claims })).toBe('/portalSelect');
    expect(resolveRedirect('/login/superUser/1000-2000-0001/abc/7', { ...base, claims })).toBeNull();
    expect(resolveRedirect('/services', { ...base, claims, portal: 'residential' })).toBeNull();
  });
});
