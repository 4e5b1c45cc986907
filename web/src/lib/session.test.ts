import { claimsFixture, tokenFor } from '@strand/test-support/test-tokens';
import { describe, expect, it } from 'vitest';
import { decodeClaims, lastPortalOf, readStartSession, rememberLastPortal } from './session';
import { memoryStorage, STORAGE_KEYS } from './storage';

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('decodeClaims', () => {
  it('reads the session claims of a token', () => {
    const claims = decodeClaims(tokenFor(claimsFixture()));
    expect(claims?.vcCustomerID).toBe('1000-2000-0001');
    expect(claims?.vcFirstName).toBe('Rhonda');
  });

  it('returns null for text that is not a token', () => {
    expect(decodeClaims('not-a-token')).toBeNull();
    expect(decodeClaims('a.b.c')).toBeNull();
  });

  it('returns null for a token without the session claims', () => {
    expect(decodeClaims(tokenFor({ sub: 'someone', exp: 1 }))).toBeNull();
  });
});

describe('readStartSession', () => {
  it('signs in with a valid stored token and keeps the stored portal', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.token]: tokenFor(claimsFixture()),
      [STORAGE_KEYS.portal]: 'residential',
    });
    const start = readStartSession(storage, undefined, NOW);
    expect(start.status).toBe('signed-in');
    expect(start.claims?.nUserID).toBe(7);
    expect(start.portal).toBe('residential');
  });

  it('drops a stored portal the user may not use', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.token]: tokenFor(claimsFixture()),
      [STORAGE_KEYS.portal]: 'installer',
    });
    expect(readStartSession(storage, undefined, NOW).portal).toBeNull();
  });

  it('signs out and clears storage when the token has expired', () => {
    const expired = tokenFor(claimsFixture({ exp: Math.floor(NOW / 1000) - 1 }));
    const storage = memoryStorage({ [STORAGE_KEYS.token]: expired, [STORAGE_KEYS.portal]: 'residential' });
    const start = readStartSession(storage, undefined, NOW);
    expect(start).toEqual({ status: 'expired', token: null, claims: null, portal: null });
    expect(storage.dump()).toEqual({});
  });

  it('counts a token expiring exactly now as expired', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.token]: tokenFor(claimsFixture({ exp: NOW / 1000 })) });
    expect(readStartSession(storage, undefined, NOW).status).toBe('expired');
  });

  it('removes an undecodable token', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.token]: 'garbage', [STORAGE_KEYS.portal]: 'residential' });
    const start = readStartSession(storage, undefined, NOW);
    expect(start.status).toBe('invalid');
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.portal)).toBeNull();
  });

  it('takes a window token when storage has none, and stores it', () => {
    const token = tokenFor(claimsFixture());
    const storage = memoryStorage();
    expect(readStartSession(storage, token, NOW).status).toBe('signed-in');
    expect(storage.getItem(STORAGE_KEYS.token)).toBe(token);
  });

  it('is signed out without any token', () => {
    expect(readStartSession(memoryStorage(), undefined, NOW).status).toBe('signed-out');
    expect(readStartSession(memoryStorage(), 42, NOW).status).toBe('signed-out');
  });
});

describe('last portal per user', () => {
  it('remembers each user’s last choice separately', () => {
    const storage = memoryStorage();
    rememberLastPortal(storage, 1, 'installer');
    rememberLastPortal(storage, 2, 'contractor');
    expect(lastPortalOf(storage, 1)).toBe('installer');
    expect(lastPortalOf(storage, 2)).toBe('contractor');
    expect(lastPortalOf(storage, 3)).toBeNull();
  });

  it('ignores a broken record', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.lastPortalByUser]: '{nope' });
    expect(lastPortalOf(storage, 1)).toBeNull();
  });
});
