import { describe, expect, it } from 'vitest';
import {
  automaticPortal,
  availablePortals,
  guardRedirect,
  isExpired,
  navLinksFor,
  offersPortalSwitch,
  portalHome,
  showsAccountName,
} from './session.js';

const flags = { nInstaller: 0, nContractor: 0, UNITYSUPERUSER: 0, nStaff: 0, vcCustomerType: 'Residential' } as const;

describe('availablePortals / automaticPortal (SPEC §6)', () => {
  it.each([
    ['a residential customer', { ...flags }, ['residential'], 'residential'],
    ['a business customer', { ...flags, vcCustomerType: 'Business' }, ['business'], 'business'],
    ['an installer', { ...flags, nInstaller: 1, vcCustomerType: 'Provider' }, ['installer'], 'installer'],
    ['a contractor of company 2', { ...flags, nContractor: 2 }, ['contractor'], 'contractor'],
    ['an installer and contractor', { ...flags, nInstaller: 1, nContractor: 2 }, ['installer', 'contractor'], null],
    ['staff', { ...flags, nStaff: 1, vcCustomerType: 'Provider' }, ['staff'], 'staff'],
    [
      'a super user with installer flags',
      { ...flags, UNITYSUPERUSER: 1, nInstaller: 1, vcCustomerType: 'Business' },
      ['business'],
      'business',
    ],
  ] as const)('%s', (_name, user, portals, automatic) => {
    expect(availablePortals(user)).toEqual(portals);
    expect(automaticPortal(user)).toBe(automatic);
  });
});

describe('navLinksFor (SPEC §2 table)', () => {
  const labels = (...args: Parameters<typeof navLinksFor>) => navLinksFor(...args).map((l) => l.label);

  it('gives business customers Reports, and removes it for Consumer and Residential', () => {
    expect(labels('business', 'Business')).toEqual(['Home', 'Account Info', 'Services', 'Billing Center', 'Reports']);
    expect(labels('residential', 'Residential')).toEqual(['Home', 'Account Info', 'Services', 'Billing Center']);
    expect(labels('residential', 'Consumer')).toEqual(['Home', 'Account Info', 'Services', 'Billing Center']);
  });

  it('lists the contractor and installer links with their paths', () => {
    expect(navLinksFor('contractor', 'Provider').map((l) => l.path)).toEqual([
      '/contractorHome',
      '/workOrders',
      '/scanAsset',
      '/calendar',
      '/maps',
      '/restorationTickets',
    ]);
    expect(navLinksFor('installer', 'Provider')).toEqual([
      { label: 'Search WO', path: '/search' },
      { label: 'Saved WO', path: '/savedWorkOrders' },
      { label: 'Scan an Asset', path: '/scanAsset' },
      { label: 'Saved Assets', path: '/SavedAssets' },
    ]);
  });

  it('lands each portal on its first link', () => {
    expect(portalHome('installer')).toBe('/search');
    expect(portalHome('contractor')).toBe('/contractorHome');
    expect(portalHome('business')).toBe('/home');
    expect(portalHome('staff')).toBe('/staff');
  });

  it('hides the account name for Consumer only', () => {
    expect(showsAccountName('Consumer')).toBe(false);
    expect(showsAccountName('Residential')).toBe(true);
  });
});

describe('guardRedirect (SPEC §2 route guards)', () => {
  const user = { vcCustomerID: '1000-2000-0001', vcCustomerType: 'Residential' } as const;

  it('sends a logged-in user away from login-type routes to /portalSelect', () => {
    for (const path of ['/', '/login', '/register', '/accountRecovery']) {
      expect(guardRedirect(path, { user, portal: 'residential' })).toBe('/portalSelect');
      expect(guardRedirect(path, { user: null, portal: null })).toBeNull();
    }
  });

  it('sends an installer with the installer portal from / to the search form, and other login routes to /portalSelect', () => {
    const installer = { vcCustomerID: '1000-0000-0001', vcCustomerType: 'Provider' } as const;
    expect(guardRedirect('/', { user: installer, portal: 'installer' })).toBe('/search');
    expect(guardRedirect('/login', { user: installer, portal: 'installer' })).toBe('/portalSelect');
    expect(guardRedirect('/', { user: installer, portal: 'contractor' })).toBe('/portalSelect');
    expect(guardRedirect('/', { user: installer, portal: null })).toBe('/portalSelect');
  });

  it('lets super-user paths through even when logged in', () => {
    expect(guardRedirect('/login/superUser/1000-3000-0001/abc/7', { user, portal: 'residential' })).toBeNull();
  });

  it('sends a user without a customer id to /login', () => {
    expect(guardRedirect('/billingCenter', { user: null, portal: null })).toBe('/login');
    expect(
      guardRedirect('/search/100001', { user: { vcCustomerID: '', vcCustomerType: 'Residential' }, portal: null }),
    ).toBe('/login');
  });

  it('sends a user with a customer type but no portal to /portalSelect', () => {
    expect(guardRedirect('/search', { user, portal: null })).toBe('/portalSelect');
    expect(guardRedirect('/portalSelect', { user, portal: null })).toBeNull();
    expect(guardRedirect('/search', { user, portal: 'installer' })).toBeNull();
  });
});

describe('isExpired', () => {
  it('is true once exp (seconds) has passed', () => {
    expect(isExpired({ exp: 100 }, 100_000)).toBe(true);
    expect(isExpired({ exp: 101 }, 100_000)).toBe(false);
  });
});

describe('offersPortalSwitch (issue 27)', () => {
  const base = { nInstaller: 0, nContractor: 0, UNITYSUPERUSER: 0, nStaff: 0, vcCustomerType: 'Residential' } as const;
  it('keeps /portalSelect in the menu of field users, even with one portal', () => {
    expect(offersPortalSwitch({ ...base, nInstaller: 1, vcCustomerType: 'Provider' })).toBe(true);
    expect(offersPortalSwitch({ ...base, nContractor: 2 })).toBe(true);
    expect(offersPortalSwitch(base)).toBe(false);
  });
});
