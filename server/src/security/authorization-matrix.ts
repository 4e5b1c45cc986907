/**
 * The authorization matrix: who may call every route of the OpenAPI document, with their own ids and with another
 * owner's (authorization-matrix.test.ts runs every row for every role, both ways).
 * Long file: one row per route, a table meant to be read and reviewed whole.
 *
 * One row per route, keyed `METHOD /api/path/{param}` as the OpenAPI document spells it. A row starts from a role
 * family and overrides what differs:
 *
 *   'GET /api/installer/work-orders/{WOId}/notes': installer(),
 *   'POST /api/auth/logout': signedIn({ body: {} }),
 *   'POST /api/auth/email-change/confirm': open({ body: { token: 'x'.repeat(43) } }),
 *   'GET /api/customer/billing/bills': customer({ billing: true }),
 *   'GET /api/customer/reports/phone': business(),
 *
 * Families: open (anyone), signedIn (any session), customer (customer users and super-user sessions; not the
 * billing-only user unless `billing: true`; a super-user session is refused what would outlive it, issue 25), business,
 * installer, contractor, field (both), staff, applicant (the applicant token only; sessions get 401), ticketed (a
 * signed link is the permission). Options: `except` (outcomes that differ, per role), `foreign` (outcome with another
 * owner's ids; default 403, 'ok' for open/staff), `body` (a valid JSON body, refinements included; default: a valid
 * sample of the route's JSON Schema), `bodyFor`, `query`, `params` (ids read together), `shared` (parameters that name
 * nothing owned, e.g. a ZIP code) and `last` (the row removes records: it runs after the others). A new path
 * parameter name needs a resolver in matrix-ids.ts.
 *
 * Outcomes: 'ok' means the caller got past authorization: any status below 500 except 401 and 403, and except 404
 * on a route with path parameters (an own id must be found). A validation 400, a 409 or a 422 is 'ok': the auth hook
 * runs before validation, and business rules come after the policy. 400, 401, 403 and 404 mean exactly that status.
 * 'none': the role owns no such record, so any 4xx but 401 (a role with no record of a kind gets this by itself).
 * A foreign id answered 2xx is reported as a leak, whatever the row says.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { DEMO } from '../demo/generator.js';
import { DEMO_CART_TOKEN } from '../demo/ordering.js';

export const ROLES = [
  'anonymous',
  'garbage',
  'applicant',
  'residential',
  'consumer',
  'business',
  'business-billing',
  'superuser',
  'installer',
  'contractor',
  'contractor1',
  'fieldtech',
  'staff',
  'sales',
  'dispatcher',
  'billing-staff',
  'network',
] as const;
export type Role = (typeof ROLES)[number];
export type Outcome = 'ok' | 'none' | 400 | 401 | 403 | 404;
export type Outcomes = Record<Role, Outcome>;

/** Whose records a role owns: its customer account, its user and its contractor company. */
export interface Who {
  customerId: string;
  userId: number;
  company: number;
  /** An installer work order of this user. */
  workOrder: number;
}

const { customers: C, users: U } = DEMO;
const R: Who = { customerId: C.residential, userId: U.residential.id, company: 0, workOrder: 0 };
const CONSUMER: Who = { customerId: C.consumer, userId: U.consumer.id, company: 0, workOrder: 0 };
const B: Who = { customerId: C.business, userId: U.business.id, company: 0, workOrder: 0 };
const fieldUser = (userId: number, company: number, workOrder: number): Who => ({
  customerId: C.provider,
  userId,
  company,
  workOrder,
});
// Installers read every provider work order (any installer's, pending ones); a contractor company's are foreign.
const OTHER_FIELD = fieldUser(
  U.otherInstaller.id,
  DEMO.contractorCompanies.providerCrew,
  DEMO.contractorWorkOrders.company1[0] ?? 0,
);
const WO = DEMO.workOrders.fullInstall;

/** Each role's own records, and another owner's (the foreign ids of the matrix). */
export const WHO: Record<Role, { own: Who; foreign: Who }> = {
  anonymous: { own: R, foreign: B },
  garbage: { own: R, foreign: B },
  applicant: { own: R, foreign: B },
  residential: { own: R, foreign: B },
  consumer: { own: CONSUMER, foreign: B },
  business: { own: B, foreign: R },
  'business-billing': { own: { ...B, userId: U.businessBilling.id }, foreign: R },
  superuser: { own: B, foreign: R },
  installer: { own: fieldUser(U.installer.id, 0, WO), foreign: OTHER_FIELD },
  contractor: { own: fieldUser(U.contractor.id, 2, WO), foreign: { ...OTHER_FIELD, company: 1 } },
  contractor1: { own: fieldUser(U.contractor1.id, 1, WO), foreign: { ...OTHER_FIELD, company: 2 } },
  fieldtech: { own: fieldUser(U.fieldtech.id, 2, WO), foreign: { ...OTHER_FIELD, company: 1 } },
  staff: { own: R, foreign: B },
  sales: { own: R, foreign: B },
  dispatcher: { own: R, foreign: B },
  'billing-staff': { own: R, foreign: B },
  network: { own: R, foreign: B },
};

export interface Row {
  own: Outcomes;
  /** For routes with path parameters: the outcome with another owner's ids (a denied role keeps its own denial). */
  foreign: Outcomes;
  /**
   * JSON body of a write, valid (refinements included), so that 'ok' proves the write reached the policy, and a
   * denial that the handler makes after validation is seen. Default: a valid sample of the route's JSON Schema.
   */
  body?: unknown;
  /** A body that depends on who asks (e.g. one of the caller's payment methods). */
  bodyFor?: (db: Kysely<Database>, who: Who) => Promise<unknown>;
  /** Path parameters read together (e.g. a contact and a location it is linked to); default: one by one. */
  params?: (db: Kysely<Database>, who: Who) => Promise<Record<string, string | number | undefined>>;
  query?: Record<string, string>;
  /** Path parameters that name no owned record (e.g. a ZIP code): the same value both ways. */
  shared?: Record<string, string | number>;
  /** Runs after the other rows (it removes records that later cases read). */
  last?: boolean;
}

interface Options {
  /** Roles whose outcome differs from the family's. */
  except?: Partial<Outcomes>;
  /** Outcome of an allowed role with another owner's ids (default: the family's). */
  foreign?: Outcome | Partial<Outcomes>;
  body?: Row['body'];
  bodyFor?: Row['bodyFor'];
  params?: Row['params'];
  query?: Row['query'];
  shared?: Row['shared'];
  last?: boolean;
}

const SESSIONS: Role[] = ROLES.filter((r) => !['anonymous', 'garbage', 'applicant'].includes(r));
const CUSTOMERS: Role[] = ['residential', 'consumer', 'business', 'business-billing', 'superuser'];

/** A family: `allowed` roles 'ok', other sessions 403, no or a bad token 401; foreign ids `foreign`. */
function family(allowed: Role[], defaultForeign: Outcome, o: Options = {}): Row {
  const own = Object.fromEntries(
    ROLES.map((r): [Role, Outcome] => [r, allowed.includes(r) ? 'ok' : SESSIONS.includes(r) ? 403 : 401]),
  ) as Outcomes;
  Object.assign(own, o.except);
  const foreignOf = (r: Role): Outcome => {
    if (own[r] !== 'ok') return own[r];
    if (typeof o.foreign === 'object') return o.foreign[r] ?? defaultForeign;
    return o.foreign ?? defaultForeign;
  };
  const foreign = Object.fromEntries(ROLES.map((r) => [r, foreignOf(r)])) as Outcomes;
  return {
    own,
    foreign,
    body: o.body,
    bodyFor: o.bodyFor,
    params: o.params,
    query: o.query,
    shared: o.shared,
    last: o.last,
  };
}

/** Anyone, with or without a token. */
const open = (o: Options = {}) => family([...ROLES], 'ok', o);
/** Any signed-in user (not an applicant). */
const signedIn = (o: Options = {}) => family(SESSIONS, 'ok', o);
/** Customer users and super-user sessions; `billing: true` admits the billing-only user too. */
const customer = (o: Options & { billing?: boolean } = {}) =>
  family(
    CUSTOMERS.filter((r) => o.billing || r !== 'business-billing'),
    403,
    o,
  );
/** Business accounts only (residential and consumer accounts are refused by the route). */
const business = (o: Options = {}) => customer({ ...o, except: { residential: 403, consumer: 403, ...o.except } });
const installer = (o: Options = {}) => family(['installer', 'fieldtech'], 403, o);
const contractor = (o: Options = {}) => family(['contractor', 'contractor1', 'fieldtech'], 403, o);
/** Installers and contractors (field staff). */
const field = (o: Options = {}) => family(['installer', 'contractor', 'contractor1', 'fieldtech'], 403, o);
/** A file behind a signed link: the link's ticket (query `token`) is the permission, not the session. The matrix
 * sends no ticket, so everyone gets 400; work-order-files.test.ts covers the tickets themselves. */
const ticketed = (o: Options = {}) =>
  family([...ROLES], 'ok', { ...o, except: Object.fromEntries(ROLES.map((r) => [r, 400])) as Partial<Outcomes> });
/** Staff: the admin (`staff`) and every member of the roles that own the route (default: every staff role). */
const STAFF_MEMBERS = ['staff', 'sales', 'dispatcher', 'billing-staff', 'network'] as const;
type StaffMember = (typeof STAFF_MEMBERS)[number];
const staff = (o: Options & { roles?: StaffMember[] } = {}) =>
  family(['staff', ...(o.roles ?? STAFF_MEMBERS)], 'ok', o);
/** Job applicants with their applicant token; no session token opens these. */
const applicant = (o: Options = {}) =>
  family(['applicant'], 'ok', {
    ...o,
    except: { ...(Object.fromEntries(SESSIONS.map((r) => [r, 401])) as Partial<Outcomes>), ...o.except },
  });

const ISO_DAY = new Date().toISOString().slice(0, 10);
const CONTACT = {
  ContactCategory: 'Billing',
  ContactName: 'Matrix Contact',
  Phone: '5735550123',
  Phone2: '',
  Email: '',
};
/** A valid checkout body (the cart's total differs: 409 once past the policy). */
const CHECKOUT = {
  cartId: DEMO_CART_TOKEN,
  installDate: ISO_DAY,
  installWindow: '08:00-12:00',
  acceptTerms: true,
  expectedTotalCents: 1,
  payment: { kind: 'saved', paymentMethodId: 1 },
  mailing: null,
};
const NOTICE_DRAFT = {
  kind: 'maintenance',
  subject: 'Matrix maintenance',
  body: 'Matrix notice body.',
  windowStart: '2030-01-01T04:00:00Z',
  windowEnd: '2030-01-01T06:00:00Z',
  filter: { coloArea: 'CLM-CLARK' },
};
const CONTRACTORS_REFUSED: Partial<Outcomes> = { contractor: 403, contractor1: 403 };
/** The matrix's staff are the residential account (`WHO`): they own no user records such as notifications. */
const STAFF_OWN_NONE = Object.fromEntries(STAFF_MEMBERS.map((r) => [r, 'none'])) as Partial<Outcomes>;
const NOTIFICATION_PREFERENCES = {
  preferences: [{ category: 'marketing', channel: 'email', enabled: true }],
  quietHours: null,
};
/** An unsubscribe link whose signature is forged (the real links: notifications.test.ts). */
const FORGED_UNSUBSCRIBE = { s: `user:${U.residential.id}:marketing`, t: 'x'.repeat(43) };
/** The account's first service location. */
const firstLocation = async (db: Kysely<Database>, customerId: string) =>
  (
    await db
      .selectFrom('service_locations')
      .select('id')
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .executeTakeFirst()
  )?.id;

export const MATRIX: Record<string, Row> = {
  // system, auth, settings, accounts
  'GET /api/health': open(),
  'GET /api/health/live': open(),
  'GET /api/health/ready': open(),
  'GET /api/health/jobs': staff({ roles: [] }),
  'GET /api/config': open(),
  'POST /api/auth/login': open({ body: { username: 'consumer', password: DEMO.password } }),
  'POST /api/auth/register': open({
    body: { vcCustomerID: '1000-2000-0009', registrationCode: 'AAAA-BBBB-CCCC-DDDD', username: 'matrix-owner' },
  }),
  'POST /api/auth/registration-code': open({ body: { vcCustomerID: '1000-2000-0003' } }),
  'POST /api/auth/confirm-email': open({ body: { token: 'x'.repeat(43) } }),
  // Ends the caller's session, so it runs after every other row.
  'POST /api/auth/logout': signedIn({ last: true }),
  'POST /api/auth/recovery': open({ body: { identifier: 'nobody-here' } }),
  'POST /api/auth/reset': open({ body: { token: 'x'.repeat(43), password: 'a-new-password-1' } }),
  // The one-time link is the credential: without one every caller gets the same 401 (super-user tests cover links).
  'POST /api/auth/super-login': open({
    body: { vcCustomerID: C.residential, hash: 'a'.repeat(64), nEmployeeID: 7 },
    except: Object.fromEntries(ROLES.map((r) => [r, 401])),
  }),
  'POST /api/staff/super-links': staff({ roles: ['sales', 'billing-staff'], body: { vcCustomerID: C.residential } }),
  // A wrong current password: 400 once past the policy, nothing changes. A super-user session never changes one.
  'PUT /api/auth/password': signedIn({
    except: { superuser: 403 },
    body: {
      currentPassword: 'not-the-password-1',
      newPassword: 'matrix-new-pass-1',
      confirmPassword: 'matrix-new-pass-1',
    },
  }),
  'POST /api/session/log': signedIn({ body: {} }),
  'GET /api/settings': signedIn(),
  'PUT /api/settings': signedIn({ body: {} }),
  'GET /api/accounts/{vcCustomerID}': family([...CUSTOMERS, ...STAFF_MEMBERS], 403, {
    foreign: Object.fromEntries(STAFF_MEMBERS.map((r) => [r, 'ok'])),
  }),
  'GET /api/staff/customers': staff({ query: { q: 'Reyes' } }),
  'GET /api/staff/history': staff({ query: { type: 'account', id: C.residential } }),
  'GET /api/customer/activity': customer({ billing: true }),
  // The business trigger on an account that is already Business: 409 for the roles let through, nothing changes.
  'POST /api/staff/customers/{vcCustomerID}/business': staff({
    roles: ['sales'],
    shared: { vcCustomerID: C.business },
  }),

  // staff home: every staff member; the answer holds the tiles of their roles (staff-home.test.ts checks which)
  'GET /api/staff/home': staff(),

  // staff: sales orders (sales and admin; dispatchers read)
  'GET /api/staff/orders': staff({ roles: ['sales', 'dispatcher'], query: { q: 'Reyes' } }),
  'GET /api/staff/orders/{orderId}': staff({ roles: ['sales', 'dispatcher'] }),
  'POST /api/staff/orders/{orderId}/notes': staff({ roles: ['sales'], body: { note: 'Matrix note' } }),
  'POST /api/staff/orders/{orderId}/status': staff({ roles: ['sales'], body: { status: 'survey_done' } }),

  // staff: dispatch board (dispatcher; admin)
  'GET /api/staff/dispatch/board': staff({ roles: ['dispatcher'], query: { from: ISO_DAY, to: ISO_DAY } }),
  'GET /api/staff/dispatch/availability': staff({
    roles: ['dispatcher'],
    query: { start: '2030-01-07T14:00:00Z', end: '2030-01-07T16:00:00Z' },
  }),
  'POST /api/staff/dispatch/assign': staff({
    roles: ['dispatcher'],
    body: { workOrderIds: [DEMO.workOrders.pending], resourceId: `installer:${U.installer.id}` },
  }),

  // customer account (the home shows each piece by the user's permissions: the billing-only user too)
  'GET /api/customer/home': customer({ billing: true }),
  'GET /api/customer/account': customer({ billing: true }),
  'GET /api/customer/contacts': customer(),
  'POST /api/customer/contacts': customer({ body: CONTACT }),
  'PUT /api/customer/contacts/{contactId}': customer({ body: CONTACT }),
  'DELETE /api/customer/contacts/{contactId}': customer({ last: true }),
  'GET /api/customer/contacts/{contactId}/locations': customer(),
  'PUT /api/customer/contacts/{contactId}/locations': customer({ body: { links: [] } }),
  'PUT /api/customer/contacts/{contactId}/locations/{serviceLocationId}': customer({ body: { linkType: 'Billing' } }),
  'PATCH /api/customer/contacts/{contactId}/locations/{serviceLocationId}': customer({ body: { linkType: 'Billing' } }),
  'DELETE /api/customer/contacts/{contactId}/locations/{serviceLocationId}': customer({
    last: true,
    params: async (db, who) => {
      const link = await db
        .selectFrom('contact_method_locations as l')
        .innerJoin('contact_methods as c', 'c.id', 'l.contact_method_id')
        .select(['l.contact_method_id as contactId', 'l.service_location_id as serviceLocationId'])
        .where('c.customer_id', '=', who.customerId)
        .orderBy('l.contact_method_id')
        .executeTakeFirst();
      return { contactId: link?.contactId, serviceLocationId: link?.serviceLocationId };
    },
  }),
  'GET /api/customer/users': customer(),
  // A super-user session makes nothing that outlives it: no users, passwords or email addresses
  // (plugins/super-user.ts).
  'POST /api/customer/users': customer({
    except: { superuser: 403 },
    body: { username: 'matrix-user', firstName: 'M', lastName: 'X', email: 'm@x.example', password: 'matrix-pass-1' },
  }),
  // The body changes the email: refused to a super-user session (a name change alone is not).
  'PUT /api/customer/users/{userId}': customer({
    except: { superuser: 403 },
    body: { firstName: 'Matrix', lastName: 'User', email: 'matrix-user@example.com', active: true },
  }),
  'GET /api/customer/users/{userId}/permissions': customer(),
  // business-billing keeps its billing categories (later rows need them); an admin's own permissions are a 409.
  'PUT /api/customer/users/{userId}/permissions': customer({ body: { UtilityList: ['billing-view', 'billing-pay'] } }),

  // billing
  'GET /api/customer/billing/bills': customer({ billing: true }),
  'GET /api/customer/billing/invoices/{invoiceId}': customer({ billing: true }),
  'GET /api/customer/billing/invoices/{invoiceId}/pdf': customer({ billing: true }),
  'GET /api/customer/billing/invoice-groups/{invoiceGroupId}/csv': customer({ billing: true }),
  'GET /api/customer/billing/mailing-locations': customer({ billing: true }),
  'PUT /api/customer/billing/mailing-locations/{mailingLocationId}': customer({
    billing: true,
    body: {
      vcAddress: '1 Matrix Way',
      vcAddress2: '',
      vcCity: 'Columbia',
      vcState: 'MO',
      vcZip: '65201',
      vcZipFour: '',
    },
  }),
  'GET /api/customer/billing/mailing-locations/{mailingLocationId}/history': customer({ billing: true }),
  'GET /api/customer/zip-codes/{zip}': customer({ billing: true, shared: { zip: '65201' } }),
  'POST /api/customer/billing/fee-quote': customer({ billing: true, body: { amountCents: 1000, kind: 'card' } }),
  'POST /api/customer/billing/payments': customer({
    billing: true,
    body: { PaymentMethodID: 999_999, invoices: [{ InvoiceID: 999_999, amountCents: 100 }], expectedFeeCents: 0 },
  }),
  'GET /api/customer/billing/payments/{paymentId}/receipt.pdf': customer({ billing: true }),
  'GET /api/customer/billing/paperless': customer({ billing: true }),
  'PUT /api/customer/billing/paperless': customer({ billing: true, body: { paperless: false } }),
  'GET /api/customer/billing/payment-methods': customer({ billing: true }),
  'POST /api/customer/billing/payment-methods': customer({
    billing: true,
    body: {
      kind: 'card',
      holderName: 'Matrix',
      cardNumber: '4000000000000002',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
      postalCode: '65201',
    },
  }),
  'DELETE /api/customer/billing/payment-methods/{paymentMethodId}': customer({ billing: true, last: true }),
  'GET /api/customer/billing/autopay': customer({ billing: true }),
  'PUT /api/customer/billing/mailing-locations/{mailingLocationId}/autopay': customer({
    billing: true,
    bodyFor: async (db, who) => ({
      PaymentMethodID: (
        await db
          .selectFrom('payment_methods')
          .select('id')
          .where('customer_id', '=', who.customerId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      )?.id,
    }),
  }),
  'DELETE /api/customer/billing/mailing-locations/{mailingLocationId}/autopay': customer({
    billing: true,
    last: true,
  }),

  // support tickets
  'GET /api/customer/service-locations/{serviceLocationId}/trouble-tickets': customer(),
  'POST /api/customer/service-locations/{serviceLocationId}/trouble-tickets': customer({
    body: { category: 'No service', subject: 'Matrix', description: 'Matrix test ticket.', contactPhone: '5735550123' },
  }),
  'GET /api/customer/trouble-tickets/categories': customer(),
  'GET /api/customer/trouble-tickets/{ticketId}': customer(),
  'POST /api/customer/trouble-tickets/{ticketId}/replies': customer({ body: { body: 'Matrix reply.' } }),
  // Staff support: sales and dispatchers (and the admin) read and answer every account's tickets.
  'GET /api/staff/trouble-tickets': staff({ roles: ['sales', 'dispatcher'], query: { status: 'all' } }),
  'GET /api/staff/trouble-tickets/{ticketId}': staff({ roles: ['sales', 'dispatcher'] }),
  'POST /api/staff/trouble-tickets/{ticketId}/answers': staff({
    roles: ['sales', 'dispatcher'],
    body: { body: 'Matrix answer.', status: 'Open' },
  }),
  'GET /api/customer/business-center/requests': business(),
  // A request names one of the account's own service locations (another account's: 403).
  'POST /api/customer/business-center/requests': business({
    bodyFor: async (db, who) => ({
      category:
        (
          await db
            .selectFrom('business_center_categories')
            .select('name')
            .where('retired_at', 'is', null)
            .orderBy('position')
            .executeTakeFirst()
        )?.name ?? 'Other',
      subject: 'Matrix request',
      description: 'Matrix business-center request.',
      serviceLocationId: await firstLocation(db, who.customerId),
    }),
  }),
  'GET /api/customer/business-center/categories': business(),
  'GET /api/staff/business-center/categories': staff({ roles: [] }),
  'POST /api/staff/business-center/categories': staff({ roles: [], body: { name: 'Matrix category' } }),
  'PATCH /api/staff/business-center/categories/{categoryId}': staff({ roles: [], body: { position: 1 } }),

  // notifications (after the support rows, whose tickets and answers leave in-app notices). Every signed-in user
  // has their own; another user's notice is not found.
  'GET /api/notifications': signedIn(),
  'POST /api/notifications/{notificationId}/read': signedIn({ foreign: 404, except: STAFF_OWN_NONE }),
  'POST /api/notifications/read-all': signedIn(),
  'GET /api/notifications/preferences': signedIn(),
  'PUT /api/notifications/preferences': signedIn({ body: NOTIFICATION_PREFERENCES }),
  // A business account's administrators (a super-user session too) set their users'; another account's user: 404.
  'GET /api/customer/users/{userId}/notification-preferences': business({ foreign: 404 }),
  'PUT /api/customer/users/{userId}/notification-preferences': business({
    foreign: 404,
    body: NOTIFICATION_PREFERENCES,
  }),
  // The delivery log of any customer, for every staff member (customer support).
  'GET /api/staff/customers/{customerId}/notifications': staff(),
  // One-click unsubscribe: the signed link is the permission. The page only offers the button (any well-formed
  // link); the POST checks the signature, so the forged one is refused to everyone.
  'GET /api/notifications/unsubscribe': open({ query: FORGED_UNSUBSCRIBE }),
  'POST /api/notifications/unsubscribe': ticketed({ query: FORGED_UNSUBSCRIBE }),

  // auth codes: network staff reach every business account's (the matrix's staff own none: Rhonda is residential)
  'GET /api/staff/auth-codes': staff({ roles: ['network'], query: { status: 'pending' } }),
  'GET /api/staff/auth-codes/{authCodeId}': staff({ roles: ['network'] }),
  'POST /api/staff/auth-codes': staff({
    roles: ['network'],
    body: { vcCustomerID: C.business, description: 'Matrix phone', classOfService: 'local' },
  }),
  'PATCH /api/staff/auth-codes/{authCodeId}': staff({ roles: ['network'], body: { description: 'Matrix edit' } }),
  'POST /api/staff/auth-codes/{authCodeId}/retry': staff({ roles: ['network'] }),
  'DELETE /api/staff/auth-codes/{authCodeId}': staff({ roles: ['network'], last: true }),
  'GET /api/customer/services/auth-codes': business(),

  // contractor portal
  'GET /api/contractor/home': contractor(),
  'POST /api/contractor/work-orders/search': contractor({ body: {} }),
  'GET /api/contractor/work-orders/nearby': contractor({ query: { Latitude: '38.95', Longitude: '-92.33' } }),
  'GET /api/contractor/work-orders/last-search': contractor(),
  'GET /api/contractor/work-orders/{workOrderId}': contractor(),
  'GET /api/contractor/work-orders/{workOrderId}/acknowledgement': contractor(),
  'PUT /api/contractor/work-orders/{workOrderId}/acknowledgement': contractor({ body: { ack: 1 } }),
  'PUT /api/contractor/work-orders/{workOrderId}/checklist': contractor(),
  'GET /api/contractor/work-orders/{workOrderId}/checklist/history': contractor(),
  'POST /api/contractor/work-orders/{workOrderId}/assembly-units': contractor(),
  'DELETE /api/contractor/work-orders/{workOrderId}/assembly-units/{entryId}': contractor({ last: true }),
  'GET /api/contractor/drop-types': contractor(),
  'GET /api/contractor/splice-case-types': contractor(),
  'GET /api/contractor/assembly-units': contractor(),
  'GET /api/contractor/contracts': contractor(),
  'GET /api/contractor/contracts/{contractId}/unit-prices': contractor(),
  'GET /api/contractor/work-orders/{workOrderId}/attachments': contractor(),
  'POST /api/contractor/work-orders/{workOrderId}/attachments': contractor(),
  'GET /api/contractor/work-orders/{workOrderId}/attachments/{attachmentId}': contractor(),
  'GET /api/contractor/work-orders/{workOrderId}/pdf': contractor(),
  'GET /api/contractor/calendar-events': contractor({ query: { start: ISO_DAY, end: ISO_DAY } }),
  'GET /api/contractor/map-data': contractor(),
  'GET /api/contractor/restoration-tickets': contractor(),
  'POST /api/contractor/restoration-tickets/{ticketId}/notes': contractor(),
  'GET /api/contractor/restoration-tickets/{ticketId}/image': contractor(),

  // installer portal
  'GET /api/installer/work-order-types': installer(),
  'GET /api/installer/work-orders': installer(),
  'GET /api/installer/work-orders/{WOId}': installer(),
  'GET /api/installer/work-orders/{WOId}/notes': installer(),
  'GET /api/installer/work-orders/{WOId}/checklist': installer(),
  // Completes the matrix's install work order (100001): after every other row.
  'POST /api/installer/work-orders/{WOId}/complete': installer({ body: { assetsMovedConfirmed: true }, last: true }),
  'GET /api/installer/work-orders/{WOId}/service-location': installer(),
  'GET /api/installer/work-orders/{WOId}/service-location/assets': installer(),
  'GET /api/installer/work-orders/{WOId}/sales-order': installer(),
  'GET /api/installer/work-orders/{WOId}/attachments': installer(),
  'GET /api/installer/work-orders/{WOId}/pdf-link': installer(),
  'GET /api/installer/work-orders/{WOId}/physical-plant-config': installer(),
  'GET /api/installer/work-orders/{WOId}/circuits': installer(),
  'GET /api/installer/work-orders/{WOId}/central-offices': installer(),
  'GET /api/installer/gis-objects': installer(),
  'GET /api/installer/files/attachments/{attachmentId}': ticketed(),
  'GET /api/installer/files/work-orders/{WOId}/pdf': ticketed(),
  // The installer's map and the dispatch board's map (its base tiles).
  'GET /api/maps/token': family(['installer', 'fieldtech', 'staff', 'dispatcher'], 403),
  'GET /api/maps/arcgis/rest/services/strand/FeatureServer/{layerId}/query': installer({ shared: { layerId: '1' } }),
  'GET /api/maps/tiles/{z}/{x}/{y}': ticketed({ shared: { z: '1', x: '0', y: '0' } }),
  'POST /api/installer/work-orders/{WOId}/photos': installer(),
  // Asset info is read by id or label (the scanner) by any field user, with no work order: foreign is 'ok'.
  // Installers read every asset; a contractor only assets its company's work orders reach (the matrix's asset is at
  // provider work order 100001, so contractors are refused; assets.test.ts covers a company's own).
  'GET /api/assets/{nAssetId}': field({ foreign: 'ok', except: CONTRACTORS_REFUSED }),
  'GET /api/assets/by-tag/{vcAssetID}': field({ foreign: 'ok', except: CONTRACTORS_REFUSED }),
  // Acting on an asset needs a work order of one's own; the matrix's is provider work order 100001, which contractors
  // are refused (assets.test.ts covers a contractor on its company's work order).
  // Installers and contractors alike: a contractor's own work order is one of its company's.
  'GET /api/work-orders/{WOId}/estimated-drop-length': field({
    params: async (db, who) => ({
      WOId:
        who.company === 0
          ? who.workOrder
          : (
              await db
                .selectFrom('work_orders')
                .select('id')
                .where('contractor_id', '=', who.company)
                .orderBy('id')
                .executeTakeFirst()
            )?.id,
    }),
  }),
  'GET /api/assets/{nAssetId}/actions': field({ query: { WOId: String(WO) }, except: CONTRACTORS_REFUSED }),
  'GET /api/assets/{nAssetId}/edit': field({ query: { WOId: String(WO) }, except: CONTRACTORS_REFUSED }),
  'PUT /api/assets/{nAssetId}': field({
    body: { WOId: WO, vcSerialNumber: '', vcMACAddress: '', vcStatus: 'Active', vcAssetDescription: 'Matrix check' },
    except: CONTRACTORS_REFUSED,
    last: true,
  }),
  'POST /api/assets/{nAssetId}/actions': field({
    body: { ApplicationActionID: 1, WorkOrderID: WO },
    except: CONTRACTORS_REFUSED,
  }),
  'GET /api/asset-action-requests/{RequestID}': field({
    query: { WorkOrderID: String(WO), vcAssetID: DEMO.assets.ont },
    except: CONTRACTORS_REFUSED,
  }),
  'POST /api/installer/work-orders/{WOId}/service-location/add-asset': installer(),
  'GET /api/installer/assigned-equipment': installer(),
  'GET /api/installer/work-orders/{WOId}/swap-ont/{ONTId}': installer(),
  'POST /api/installer/work-orders/{WOId}/swap-ont': installer({ last: true }),
  'POST /api/installer/work-orders/{WOId}/upgrade-ont/preview': installer(),
  'POST /api/installer/work-orders/{WOId}/upgrade-ont': installer({
    body: { OrigEquip: DEMO.assets.ont, NewAsset: DEMO.assets.installerStock[0], TotalPorts: 4, Ports: { '1': 1 } },
    last: true,
  }),
  'GET /api/installer/work-orders/{WOId}/circuits/{socketRecordID}/stats': installer(),
  'POST /api/installer/work-orders/{WOId}/circuits/{socketRecordID}/tone-test': installer(),

  // applicants
  'POST /api/applicant/login': open({ body: { username: 'applicant', code: DEMO.password } }),
  'GET /api/applicant/me': applicant(),
  'POST /api/applicant/submissions': applicant({ body: { username: 'applicant', zip: 'bm90IGEgemlw' } }),
  'GET /api/staff/applicants': staff({ roles: [] }),
  'POST /api/staff/applicants': staff({ roles: [] }),
  'GET /api/staff/applicant-submissions/{submissionId}/file': staff({ roles: [] }),

  // subscriber lists and notices (network staff)
  'GET /api/staff/subscribers': staff({ roles: ['network'], query: { coloArea: 'CLM-CLARK' } }),
  'GET /api/staff/subscribers/options': staff({ roles: ['network'] }),
  'GET /api/staff/subscribers/csv': staff({ roles: ['network'], query: { coloArea: 'CLM-CLARK' } }),
  'POST /api/staff/notices/preview': staff({ roles: ['network'], body: NOTICE_DRAFT }),
  'POST /api/staff/notices': staff({ roles: ['network'], body: NOTICE_DRAFT }),
  'GET /api/staff/notices': staff({ roles: ['network'] }),
  'GET /api/staff/notices/{noticeId}': staff({ roles: ['network'] }),
  'GET /api/staff/notices/{noticeId}/recipients/csv': staff({ roles: ['network'] }),

  // services
  'GET /api/customer/services/summary': customer(),
  'GET /api/customer/services/locations': customer(),
  'GET /api/customer/services/email': customer(),
  'PUT /api/customer/services/email/{mailboxId}/password': customer({
    except: { superuser: 403 },
    body: { password: 'matrix-pass-123', confirm: 'matrix-pass-123' },
  }),
  'PUT /api/customer/services/email/{mailboxId}/forward': customer({
    except: { superuser: 403 },
    body: { forwardTo: '', keepCopy: false },
  }),
  'PUT /api/customer/services/email/{mailboxId}/vacation': customer({
    body: { enabled: false, subject: '', message: '', startDate: '', endDate: '' },
  }),
  'GET /api/customer/services/fax': customer(),
  'POST /api/customer/services/fax/{faxNumberId}/email-addresses': customer({
    except: { superuser: 403 },
    body: { email: 'fax@matrix.example' },
  }),
  'DELETE /api/customer/services/fax/{faxNumberId}/email-addresses/{faxEmailId}': customer({ last: true }),
  'GET /api/customer/services/fax/received/{faxId}/pdf': customer(),
  'GET /api/customer/services/fax/outbox': customer(),
  'POST /api/customer/services/fax/{faxNumberId}/outbox': customer(),
  'POST /api/customer/services/fax/outbox/{sentFaxId}/retry': customer(),
  'GET /api/customer/services/fax/outbox/{sentFaxId}/files/{sentFaxFileId}': customer(),
  'GET /api/customer/services/tv': customer(),
  'POST /api/customer/services/tv/credentials/reveal': customer(),
  'POST /api/customer/services/tv/credentials/reset': customer({ except: { superuser: 403 } }),
  'GET /api/customer/services/wholesale': business(),

  // orders (the own order of the matrix's customers is an installed one: a cancel of it is a 409, 'ok')
  'GET /api/customer/orders': customer(),
  'GET /api/customer/orders/{orderId}': customer(),
  'POST /api/customer/orders/{orderId}/cancel': customer({ body: {}, last: true }),
  'GET /api/customer/orders/change-options/{serviceLocationId}': customer(),
  'POST /api/customer/orders/changes': customer({
    bodyFor: async (db, who) => ({
      serviceLocationId: (
        await db
          .selectFrom('service_locations')
          .select('id')
          .where('customer_id', '=', who.customerId)
          .orderBy('id')
          .executeTakeFirst()
      )?.id,
      add: [999_999],
    }),
  }),
  'POST /api/staff/orders/{orderId}/cancel': staff({ roles: ['sales'], body: { reason: 'Matrix' }, last: true }),
  'GET /api/staff/orders/change-options/{serviceLocationId}': staff({ roles: ['sales'] }),
  // A package that is sold nowhere: 400 once past the policy, nothing placed.
  'POST /api/staff/orders/changes': staff({
    roles: ['sales'],
    bodyFor: async (db) => ({
      vcCustomerID: C.residential,
      serviceLocationId: (
        await db
          .selectFrom('service_locations')
          .select('id')
          .where('customer_id', '=', C.residential)
          .orderBy('id')
          .executeTakeFirst()
      )?.id,
      add: [999_999],
    }),
  }),
  // ordering (public availability check, cart and new-customer checkout; customer and sales checkout)
  'GET /api/ordering/zip-codes/{zip}': open({ shared: { zip: '65201' } }),
  'POST /api/ordering/availability': open({
    body: { line1: '2211 Clark Ln', unit: '', city: 'Columbia', state: 'MO', zip: '65202' },
  }),
  'POST /api/ordering/leads': open({
    body: { checkId: 'matrix-unknown-check-id', email: 'matrix@example.com', name: '' },
  }),
  'POST /api/ordering/carts': open({ body: { checkId: 'matrix-unknown-check-id' } }),
  'GET /api/ordering/carts/{cartId}': open({ shared: { cartId: DEMO_CART_TOKEN } }),
  'PUT /api/ordering/carts/{cartId}': open({ shared: { cartId: DEMO_CART_TOKEN }, body: { packageIds: [2] } }),
  'GET /api/ordering/carts/{cartId}/install-windows': open({ shared: { cartId: DEMO_CART_TOKEN } }),
  'POST /api/ordering/email-code': open({ body: { email: 'matrix@example.com' } }),
  'POST /api/ordering/checkout': open(),
  'POST /api/customer/orders/checkout': customer({ body: CHECKOUT }),
  'POST /api/staff/orders/checkout': staff({ roles: ['sales'], body: { ...CHECKOUT, vcCustomerID: C.residential } }),
  // staff review of ordering (sales): temporary service locations, service areas and their waiting leads
  'GET /api/staff/temp-locations': staff({ roles: ['sales'], query: { status: 'unconfirmed' } }),
  'POST /api/staff/temp-locations/{tempLocationId}/confirm': staff({
    roles: ['sales'],
    body: {
      line1: '4100 Prairie View Rd',
      unit: '',
      city: 'Columbia',
      state: 'MO',
      zip: '65202',
      latitude: 38.9662,
      longitude: -92.2981,
    },
  }),
  'POST /api/staff/temp-locations/{tempLocationId}/reject': staff({
    roles: ['sales'],
    body: { reason: 'No such house on the county plat' },
  }),
  'GET /api/staff/service-areas': staff({ roles: ['sales'] }),
  'PUT /api/staff/service-areas/{areaId}': staff({ roles: ['sales'], body: { areaKind: 'fiber' } }),

  // reports
  'GET /api/customer/reports/phone': business(),
  'GET /api/customer/reports/phone/csv': business(),
  'GET /api/customer/reports/business': business(),
  'GET /api/customer/reports/business/csv': business(),
  'GET /api/customer/reports/business/pdf': business(),
  // The nine phone report types (SPEC §9): a type names nothing owned, the account is the session's.
  'GET /api/customer/reports/calls/{type}': business({ shared: { type: 'summary' } }),
  'GET /api/customer/reports/calls/{type}/csv': business({ shared: { type: 'busy' } }),
  'GET /api/customer/reports/calls/{type}/pdf': business({ shared: { type: 'concurrent' } }),
  // Staff reports: billing staff and the admin; the phone types for any business customer (query vcCustomerID).
  'GET /api/staff/reports/calls/{type}': staff({
    roles: ['billing-staff'],
    shared: { type: 'summary' },
    query: { vcCustomerID: C.business },
  }),
  'GET /api/staff/reports/calls/{type}/csv': staff({
    roles: ['billing-staff'],
    shared: { type: 'one-plus-billing' },
    query: { vcCustomerID: C.business },
  }),
  'GET /api/staff/reports/calls/{type}/pdf': staff({
    roles: ['billing-staff'],
    shared: { type: 'full-month' },
    query: { vcCustomerID: C.business },
  }),
  'GET /api/staff/reports/operations/{report}': staff({ roles: ['billing-staff'], shared: { report: 'work-orders' } }),
  'GET /api/staff/reports/operations/{report}/csv': staff({ roles: ['billing-staff'], shared: { report: 'installs' } }),
  'GET /api/staff/reports/operations/{report}/pdf': staff({
    roles: ['billing-staff'],
    shared: { report: 'receivables-aging' },
  }),
  'GET /api/customer/reports/wholesale': business(),
  'GET /api/customer/reports/wholesale/csv': business(),
  'GET /api/customer/reports/wholesale/pdf': business(),
};
