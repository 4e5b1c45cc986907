import type { SessionClaims } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { hasRole, viewerFrom } from './auth.js';

const claims = (over: Partial<SessionClaims> = {}): SessionClaims => ({
  nUserID: 12,
  vcCustomerID: '1000-1000-0001',
  vcCustomerType: 'Provider',
  vcCustomerName: 'Strand Fiber',
  vcFirstName: 'Ivy',
  vcLastName: 'Installer',
  nContractor: 0,
  nInstaller: 1,
  UNITYSUPERUSER: 0,
  nNOCLocationID: 3,
  nActiveServiceLocation: null,
  nActiveMailingLocation: null,
  nEmployeeID: null,
  nStaff: 0,
  staffRoles: [],
  sid: 'session-1',
  exp: 2_000_000_000,
  ...over,
});

describe('viewerFrom', () => {
  it("names the session's claims in the server's own words", () => {
    expect(viewerFrom(claims({ nContractor: 2 }))).toMatchObject({
      userId: 12,
      sessionId: 'session-1',
      customerId: '1000-1000-0001',
      contractorId: 2,
      nocLocationId: 3,
      firstName: 'Ivy',
      superUser: false,
      roles: ['installer', 'contractor'],
    });
  });

  it('admits a super-user session as the customer only, with the staff member behind it', () => {
    const viewer = viewerFrom(claims({ UNITYSUPERUSER: 1, nInstaller: 0, nEmployeeID: 7, vcCustomerType: 'Business' }));
    expect(viewer).toMatchObject({ superUser: true, employeeId: 7, roles: ['customer'] });
    expect(hasRole(viewer, 'staff', 'installer')).toBe(false);
    expect(hasRole(viewer, 'customer')).toBe(true);
  });

  it('gives staff their staff:<role> roles', () => {
    const viewer = viewerFrom(claims({ nInstaller: 0, nStaff: 1, nEmployeeID: 7, staffRoles: ['sales'] }));
    expect(hasRole(viewer, 'staff:sales')).toBe(true);
    expect(hasRole(viewer, 'staff:billing')).toBe(false);
  });
});
