/**
 * Authentication and route-level authorization. Every /api route declares who may call it in `config.access`
 * ('public', 'authenticated', or a list of roles); a route without a declaration refuses to start the server.
 * The server trusts only its own verification of the signed token, never the client's view of the claims.
 * Job applicants are not users: routes for ['applicant'] accept only an applicant token (applicant-tokens.ts) and
 * every other route only a session JWT, so neither kind of token ever opens the other's routes.
 */
import fastifyJwt from '@fastify/jwt';
import { type CustomerType, type SessionClaims, STAFF_ROLES, type StaffRole, staffHolds } from '@strand/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditEntry } from '../lib/audit.js';
import { forbidden, unauthenticated } from '../lib/errors.js';
import { type ApplicantClaims, verifyApplicantToken } from './applicant-tokens.js';
import { assertSuperUserMay, superUserAudit } from './super-user.js';

/**
 * 'staff' admits any staff member; 'staff:<role>' only members holding that staff role (admins hold every role),
 * so a back-office route declares the role that owns it, e.g. `access: ['staff:dispatcher']`.
 */
export type StaffAccess = `staff:${StaffRole}`;
export type Role = 'customer' | 'installer' | 'contractor' | 'staff' | StaffAccess | 'applicant';
export type Access = 'public' | 'authenticated' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route ends the caller's session (sign-out). A verified token whose session has already ended passes, so a
     * sign-out delivered twice (a load balancer resends one whose answer was lost when an instance stopped) is
     * answered the same both times: ending an ended session changes nothing.
     */
    endsSession?: boolean;
  }
  interface FastifyRequest {
    /** The verified applicant of an ['applicant'] route; null elsewhere. */
    applicant: ApplicantClaims | null;
    /** Who is asking, built once by the auth hook from the verified session (viewerOf); null on public routes. */
    viewer: Viewer | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<SessionClaims, 'exp'>;
    user: SessionClaims;
  }
}

/**
 * Who is asking, in the server's own names: built once per request by the auth hook from the verified session claims.
 * The claims keep SPEC §3's names (nUserID, nContractor, nNOCLocationID…) because they are the token's wire format;
 * services read the Viewer instead (issue 31).
 */
export interface Viewer {
  readonly userId: number;
  /** The server-side session of the token (sessions table). */
  readonly sessionId: string | null;
  /** The account the user belongs to (for field staff, their employer's account). */
  readonly customerId: string;
  readonly customerType: CustomerType;
  readonly customerName: string;
  readonly firstName: string;
  readonly lastName: string;
  /** The contractor company the user works for; 0 for none. */
  readonly contractorId: number;
  /** The installer's NOC location (where its asset stock is kept), if any. */
  readonly nocLocationId: number | null;
  readonly activeServiceLocationId: number | null;
  readonly activeMailingLocationId: number | null;
  /** A staff member acting as the account's administrator through a super-user link. */
  readonly superUser: boolean;
  /** The staff member's employee id: their own, or the one behind a super-user session. */
  readonly employeeId: number | null;
  /** A staff member's roles (empty for everyone else, and in a super-user session). */
  readonly staffRoles: readonly StaffRole[];
  /** Everything the session may be admitted as (rolesOf). */
  readonly roles: readonly Role[];
}

/** The Viewer of verified session claims. */
export function viewerFrom(claims: SessionClaims): Viewer {
  return {
    userId: claims.nUserID,
    sessionId: claims.sid ?? null,
    customerId: claims.vcCustomerID,
    customerType: claims.vcCustomerType,
    customerName: claims.vcCustomerName,
    firstName: claims.vcFirstName,
    lastName: claims.vcLastName,
    contractorId: claims.nContractor,
    nocLocationId: claims.nNOCLocationID,
    activeServiceLocationId: claims.nActiveServiceLocation,
    activeMailingLocationId: claims.nActiveMailingLocation,
    superUser: claims.UNITYSUPERUSER === 1,
    employeeId: claims.nEmployeeID,
    staffRoles: claims.staffRoles ?? [],
    roles: rolesOf(claims),
  };
}

/** Roles a session holds. A super user acts only as the customer it signed in as. */
export function rolesOf(user: SessionClaims): Role[] {
  if (user.UNITYSUPERUSER === 1) return ['customer'];
  const roles: Role[] = [];
  if (user.nStaff === 1) {
    roles.push('staff');
    for (const r of STAFF_ROLES) if (staffHolds(user.staffRoles, r)) roles.push(`staff:${r}`);
  }
  if (user.nInstaller === 1) roles.push('installer');
  if (user.nContractor > 0) roles.push('contractor');
  if (roles.length === 0) roles.push('customer');
  return roles;
}

export function hasRole(who: Viewer | SessionClaims, ...roles: Role[]): boolean {
  const held = 'roles' in who ? who.roles : rolesOf(who);
  return roles.some((r) => held.includes(r));
}

const isApplicantAccess = (access: Access) => Array.isArray(access) && access.includes('applicant');

/** The verified applicant of an applicant route (the auth hook has run). */
export function applicantOf(request: FastifyRequest): ApplicantClaims {
  if (!request.applicant) throw unauthenticated();
  return request.applicant;
}

/** Who is asking on an authenticated route (the auth hook has run). */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

export interface AuthOptions {
  secret: string;
  ttlSeconds: number;
  /** Why the token's server-side session cannot be used, or null (modules/auth/sessions.service.ts). */
  sessionProblem(sid: string): Promise<'ended' | 'user-disabled' | null>;
  /** Writes the audit row of a write through a super-user session (before the write runs); app.ts always gives it. */
  audit?(entry: AuditEntry): Promise<void>;
  now?(): Date;
}

/** How many verified tokens the auth hook keeps (a few hundred bytes each). */
const MAX_VERIFIED_TOKENS = 10_000;

const SESSION_INVALID = 'Your session has expired or is not valid. Please sign in again.';
const USER_DISABLED = 'Your user is no longer active. Ask your account administrator.';

export async function registerAuth(app: FastifyInstance, options: AuthOptions) {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: options.ttlSeconds },
    // A token without an expiry or a session id is refused, whoever signed it.
    verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'sid'] },
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    const access = route.config.access;
    if (isApplicantAccess(access) && (access as readonly Role[]).length !== 1) {
      throw new Error(`Route ${route.method} ${route.url}: applicant routes admit applicants only`);
    }
  });

  app.decorateRequest('applicant', null);
  app.decorateRequest('viewer', null);

  // Tokens whose signature and claims were verified, by Authorization header, until their `exp` (issue 16: decoding
  // and verifying the same token on every request of a busy phone was a tenth of a work-order read). A token's
  // verification depends only on the token, the secret and the clock, so the answer is the same until it expires;
  // revocation is the session check's (below), which runs on every request as before. Bounded like the session cache.
  const verifiedTokens = new Map<string, SessionClaims>();

  // A callback hook: a public route (health, sign-in, the web app's files) passes without a promise (issue 16).
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return done();
    authenticate(request, access).then(() => done(), done);
  });

  async function authenticate(request: FastifyRequest, access: Exclude<Access, 'public'>): Promise<void> {
    if (!request.headers.authorization) throw unauthenticated();
    if (isApplicantAccess(access)) {
      const [scheme, token = ''] = request.headers.authorization.split(' ');
      if (scheme !== 'Bearer') throw unauthenticated();
      request.applicant = verifyApplicantToken(options.secret, token, new Date());
      return;
    }
    const verified = verifiedTokens.get(request.headers.authorization);
    if (verified && Date.now() < verified.exp * 1000) request.user = { ...verified };
    else {
      try {
        await request.jwtVerify();
      } catch {
        throw unauthenticated(SESSION_INVALID);
      }
      if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.clear();
      verifiedTokens.set(request.headers.authorization, { ...request.user });
    }
    const sid = request.user.sid;
    const problem = typeof sid === 'string' ? await options.sessionProblem(sid) : 'ended';
    const signingOutAgain = typeof sid === 'string' && request.routeOptions.config.endsSession === true;
    if (problem && !signingOutAgain)
      throw unauthenticated(problem === 'user-disabled' ? USER_DISABLED : SESSION_INVALID);
    const viewer = viewerFrom(request.user);
    if (access !== 'authenticated' && !hasRole(viewer, ...access)) throw forbidden();
    request.viewer = viewer;
    if (request.user.UNITYSUPERUSER === 1) {
      // A super-user session: never more than the staff member's own roles, nothing that outlives it, and every
      // write audited under the employee (plugins/super-user.ts).
      assertSuperUserMay(request.user, request.method, request.routeOptions.url ?? '');
      const entry = superUserAudit(request.user, request, options.now?.() ?? new Date());
      if (entry) await options.audit?.(entry);
    }
  }
}
