import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchPattern, startLandingPage } from './landing-pages';

// A landing page starts importing its page's module without waiting for it: the test waits, so no import is left
// half-way when the file ends (in a worker shared by several files, one kept the run open for a minute).
afterEach(async () => {
  await vi.dynamicImportSettled();
  vi.unstubAllGlobals();
});

describe('landing pages (started by the entry)', () => {
  it('matches a route pattern as the router does: params, a trailing slash, any case; nothing else', () => {
    expect(matchPattern('/search/:WOId', '/search/100001')).toEqual({ WOId: '100001' });
    expect(matchPattern('/search/:WOId', '/search/100001/')).toEqual({ WOId: '100001' });
    expect(matchPattern('/billingCenter', '/billingcenter')).toEqual({});
    expect(matchPattern('/search/:WOId', '/search/100001/notes')).toBeNull();
    expect(matchPattern('/search/:WOId', '/search/')).toBeNull();
    expect(matchPattern('/search', '/searching')).toBeNull();
    // A malformed escape is the router's to report, not the entry's to throw on.
    expect(matchPattern('/search/:WOId', '/search/%E0%A4%A')).toBeNull();
  });

  it('starts a landing page’s first reads with the token, and the shell’s config without it', () => {
    const fetchStub = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchStub);
    startLandingPage(new URL('http://localhost/billingCenter'), 'token-a');
    const sent = fetchStub.mock.calls.map((call) => {
      const [path, init] = call as unknown as [string, { headers: Record<string, string> }];
      return [path, init.headers.Authorization ?? null];
    });
    expect(sent).toEqual([
      ['/api/config', null],
      ['/api/customer/account', 'Bearer token-a'],
      ['/api/customer/billing/bills', 'Bearer token-a'],
      ['/api/customer/billing/payment-methods', 'Bearer token-a'],
    ]);
  });

  it('starts nothing on a page that is not a landing page', () => {
    const fetchStub = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchStub);
    startLandingPage(new URL('http://localhost/settings'), 'token-a');
    startLandingPage(new URL('http://localhost/search/100001/notes'), 'token-a');
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
