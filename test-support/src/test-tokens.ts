/** Builds JWT-shaped tokens for tests (unsigned: the browser only decodes them; the server refuses them). */
import type { SessionClaims } from '@strand/domain';

const base64url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function claimsFixture(overrides: Partial<SessionClaims> = {}): SessionClaims {
  return {
    nUserID: 7,
    vcCustomerID: '1000-2000-0001',
    vcCustomerType: 'Residential',
    vcCustomerName: 'Rhonda Reyes',
    vcFirstName: 'Rhonda',
    vcLastName: 'Reyes',
    nContractor: 0,
    nInstaller: 0,
    UNITYSUPERUSER: 0,
    nNOCLocationID: null,
    nActiveServiceLocation: 1,
    nActiveMailingLocation: 1,
    nEmployeeID: null,
    nStaff: 0,
    exp: Math.floor(Date.parse('2030-01-01T00:00:00Z') / 1000),
    ...overrides,
  };
}

export function tokenFor(claims: object): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  return `${header}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}
