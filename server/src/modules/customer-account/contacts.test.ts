import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, newKey, RESIDENTIAL, superUser } from './customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const L = { residential: 1, businessMain: 2, businessBranch: 3 };
const contactRowOf = (customerId: string, name: string) =>
  t.db.db
    .selectFrom('contact_methods')
    .select(['id', 'category'])
    .where('customer_id', '=', customerId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
const contactIdOf = async (customerId: string, name: string) => (await contactRowOf(customerId, name)).id;
const countContacts = async (customerId: string) =>
  (await t.db.db.selectFrom('contact_methods').select('id').where('customer_id', '=', customerId).execute()).length;

const NEW_CONTACT = {
  ContactCategory: 'Technical',
  ContactName: 'Terry Tech',
  Phone: '(573) 555-0188',
  Phone2: '',
  Email: 'Terry.Tech@Example.com',
};

describe('GET /api/customer/contacts', () => {
  it('lists the account’s contacts with their linked locations and link types', async () => {
    const res = await (await as(t, 'business')).call('GET', '/api/customer/contacts');
    expect(res.statusCode).toBe(200);
    const contacts = res.json();
    expect(contacts.map((c: { ContactName: string }) => c.ContactName)).toEqual([
      'Dana Diaz',
      'Bill Bates',
      'Jefferson City Front Desk',
      'Dr. Alan Acker',
    ]);
    expect(contacts[0]).toMatchObject({
      ContactCategory: 'Primary',
      Phone: '5735550300',
      locations: [
        {
          ServiceLocationID: L.businessMain,
          linkType: 'Primary',
          fullAddress: expect.stringContaining('1101 E Broadway'),
        },
      ],
    });
    expect(contacts[3]).toMatchObject({ Phone2: '5735550398', locations: [] });
  });

  it('refuses a user without the contacts permission', async () => {
    const res = await (await as(t, 'business-billing')).call('GET', '/api/customer/contacts');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/“Contacts” permission/);
  });
});

describe('POST /api/customer/contacts', () => {
  it('adds a contact with its phone kept as 10 digits and the email in lower case', async () => {
    const res = await (await as(t, 'residential')).call('POST', '/api/customer/contacts', NEW_CONTACT);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ContactName: 'Terry Tech',
      Phone: '5735550188',
      Phone2: null,
      Email: 'terry.tech@example.com',
    });
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'customer.contact.add')
      .execute();
    expect(audit.at(-1)).toMatchObject({ user_id: 1, employee_id: null });
  });

  it('adds a retried request once (Idempotency-Key)', async () => {
    const caller = await as(t, 'residential');
    const before = await countContacts(RESIDENTIAL);
    const headers = { 'idempotency-key': newKey('contact') };
    const first = await caller.call('POST', '/api/customer/contacts', { ...NEW_CONTACT, ContactName: 'Once' }, headers);
    const again = await caller.call('POST', '/api/customer/contacts', { ...NEW_CONTACT, ContactName: 'Once' }, headers);
    expect(again.json().ContactMethodID).toBe(first.json().ContactMethodID);
    expect(await countContacts(RESIDENTIAL)).toBe(before + 1);
  });

  it('names each bad field and stores nothing', async () => {
    const before = await countContacts(RESIDENTIAL);
    const caller = await as(t, 'residential');
    const res = await caller.call('POST', '/api/customer/contacts', {
      ContactCategory: 'Boss',
      ContactName: '',
      Phone: '555-12',
      Phone2: '',
      Email: 'not-an-email',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      ContactCategory: expect.stringContaining('Primary, Secondary'),
      ContactName: 'Name is required.',
      Phone: 'Phone must be a 10-digit US number, like (573)555-0100.',
      Email: expect.stringContaining('valid email'),
    });
    const none = await caller.call('POST', '/api/customer/contacts', { ...NEW_CONTACT, Phone: '', Email: '' });
    expect(none.json().error.fields.Phone).toBe('Give a phone number or an email address.');
    expect(await countContacts(RESIDENTIAL)).toBe(before);
  });

  it('refuses a user without the contacts permission and adds nothing', async () => {
    const before = await countContacts(BUSINESS);
    const res = await (await as(t, 'business-billing')).call('POST', '/api/customer/contacts', NEW_CONTACT);
    expect(res.statusCode).toBe(403);
    expect(await countContacts(BUSINESS)).toBe(before);
  });

  it('lets a super user add a contact for the account, audited with the employee id', async () => {
    // Without an email address: a super-user session sets none (super-user-sessions.test.ts).
    const res = await (await superUser(t, BUSINESS)).call('POST', '/api/customer/contacts', {
      ...NEW_CONTACT,
      ContactName: 'Added by staff',
      Email: '',
    });
    expect(res.statusCode).toBe(201);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'customer.contact.add')
      .where('subject', '=', `${BUSINESS}:${res.json().ContactMethodID}`)
      .executeTakeFirstOrThrow();
    // The session acts as the account's admin (Dana Diaz, user 3); the staff member is employee 7.
    expect(audit).toMatchObject({ user_id: 3, employee_id: 7 });
  });
});

describe('PUT /api/customer/contacts/:contactId', () => {
  it('changes the account’s own contact', async () => {
    const id = await contactIdOf(RESIDENTIAL, 'Ramon Reyes');
    const res = await (await as(t, 'residential')).call('PUT', `/api/customer/contacts/${id}`, {
      ...NEW_CONTACT,
      ContactName: 'Ramon Reyes',
      ContactCategory: 'Secondary',
      Phone2: '573-555-0179',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ContactMethodID: id, Phone: '5735550188', Phone2: '5735550179' });
    expect(res.json().locations).toHaveLength(1);
  });

  it('refuses a contact of another customer and leaves it as it was', async () => {
    const id = await contactIdOf(BUSINESS, 'Dana Diaz');
    const res = await (await as(t, 'residential')).call('PUT', `/api/customer/contacts/${id}`, NEW_CONTACT);
    expect(res.statusCode).toBe(403);
    const row = await t.db.db.selectFrom('contact_methods').select('name').where('id', '=', id).executeTakeFirst();
    expect(row?.name).toBe('Dana Diaz');
  });

  it('answers 404 for an unknown contact and 400 for a malformed id', async () => {
    const caller = await as(t, 'residential');
    expect((await caller.call('PUT', '/api/customer/contacts/999999', NEW_CONTACT)).statusCode).toBe(404);
    const bad = await caller.call('PUT', '/api/customer/contacts/abc', NEW_CONTACT);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('contactId');
  });
});

describe('contact links to service locations', () => {
  it('getContactMethodLinkObject lists every location of the account with the link state', async () => {
    const id = await contactIdOf(BUSINESS, 'Dr. Alan Acker');
    const res = await (await as(t, 'business')).call('GET', `/api/customer/contacts/${id}/locations`);
    expect(res.statusCode).toBe(200);
    expect(res.json().locations).toEqual([
      expect.objectContaining({ ServiceLocationID: L.businessMain, linked: false, linkType: null }),
      expect.objectContaining({ ServiceLocationID: L.businessBranch, linked: false, linkType: null }),
    ]);
    expect(res.json().linkTypes).toContain('Emergency');
  });

  it('linkContactLocations sets the links, then the type changes and a link goes', async () => {
    const caller = await as(t, 'business');
    const id = await contactIdOf(BUSINESS, 'Dr. Alan Acker');
    const linked = await caller.call('PUT', `/api/customer/contacts/${id}/locations`, {
      links: [
        { ServiceLocationID: L.businessMain, linkType: 'Emergency' },
        { ServiceLocationID: L.businessBranch, linkType: 'Emergency' },
      ],
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().locations).toHaveLength(2);

    const typed = await caller.call('PATCH', `/api/customer/contacts/${id}/locations/${L.businessBranch}`, {
      linkType: 'On-site',
    });
    expect(typed.json().locations[1]).toMatchObject({ ServiceLocationID: L.businessBranch, linkType: 'On-site' });

    const gone = await caller.call('DELETE', `/api/customer/contacts/${id}/locations/${L.businessMain}`);
    expect(gone.json().locations.map((l: { ServiceLocationID: number }) => l.ServiceLocationID)).toEqual([
      L.businessBranch,
    ]);
    const missing = await caller.call('PATCH', `/api/customer/contacts/${id}/locations/${L.businessMain}`, {
      linkType: 'Primary',
    });
    expect(missing.statusCode).toBe(404);

    const relinked = await caller.call('PUT', `/api/customer/contacts/${id}/locations/${L.businessMain}`, {
      linkType: 'Billing',
    });
    expect(relinked.json().locations).toHaveLength(2);
  });

  it('refuses linking another customer’s service location, and changes nothing', async () => {
    const caller = await as(t, 'residential');
    const id = await contactIdOf(RESIDENTIAL, 'Rhonda Reyes');
    const res = await caller.call('PUT', `/api/customer/contacts/${id}/locations`, {
      links: [
        { ServiceLocationID: L.residential, linkType: 'Primary' },
        { ServiceLocationID: L.businessMain, linkType: 'Primary' },
      ],
    });
    expect(res.statusCode).toBe(403);
    const links = await t.db.db
      .selectFrom('contact_method_locations')
      .select('service_location_id')
      .where('contact_method_id', '=', id)
      .execute();
    expect(links).toEqual([{ service_location_id: L.residential }]);
    const single = await caller.call('PUT', `/api/customer/contacts/${id}/locations/${L.businessBranch}`, {
      linkType: 'Primary',
    });
    expect(single.statusCode).toBe(403);
  });

  it('refuses the link object of another customer’s contact and an unknown link type', async () => {
    const foreign = await contactIdOf(BUSINESS, 'Bill Bates');
    const caller = await as(t, 'residential');
    expect((await caller.call('GET', `/api/customer/contacts/${foreign}/locations`)).statusCode).toBe(403);
    const own = await contactIdOf(RESIDENTIAL, 'Rhonda Reyes');
    const bad = await caller.call('PATCH', `/api/customer/contacts/${own}/locations/${L.residential}`, {
      linkType: 'Boss',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.linkType).toMatch(/Link type must be one of/);
  });
});

describe('DELETE /api/customer/contacts/:contactId', () => {
  it('removes the account’s own contact with its links, and refuses another customer’s', async () => {
    const caller = await as(t, 'business');
    const foreign = await contactIdOf(RESIDENTIAL, 'Ramon Reyes');
    expect((await caller.call('DELETE', `/api/customer/contacts/${foreign}`)).statusCode).toBe(403);
    const own = await contactIdOf(BUSINESS, 'Jefferson City Front Desk');
    expect((await caller.call('DELETE', `/api/customer/contacts/${own}`)).statusCode).toBe(204);
    const links = await t.db.db
      .selectFrom('contact_method_locations')
      .select('service_location_id')
      .where('contact_method_id', '=', own)
      .execute();
    expect(links).toEqual([]);
    expect((await caller.call('DELETE', `/api/customer/contacts/${own}`)).statusCode).toBe(404);
  });
});

describe('every contact route', () => {
  const routes = (id: number, location: number): [string, string, unknown][] => [
    ['PUT', `/api/customer/contacts/${id}`, NEW_CONTACT],
    ['DELETE', `/api/customer/contacts/${id}`, undefined],
    ['GET', `/api/customer/contacts/${id}/locations`, undefined],
    ['PUT', `/api/customer/contacts/${id}/locations`, { links: [] }],
    ['PUT', `/api/customer/contacts/${id}/locations/${location}`, { linkType: 'Primary' }],
    ['PATCH', `/api/customer/contacts/${id}/locations/${location}`, { linkType: 'Primary' }],
    ['DELETE', `/api/customer/contacts/${id}/locations/${location}`, undefined],
  ];

  it('refuses another customer’s contact and a user without the contacts permission, changing nothing', async () => {
    const dana = await contactIdOf(BUSINESS, 'Dana Diaz');
    const before = await t.db.db
      .selectFrom('contact_method_locations')
      .selectAll()
      .where('contact_method_id', '=', dana)
      .execute();
    const residential = await as(t, 'residential');
    const billing = await as(t, 'business-billing');
    for (const [method, url, payload] of routes(dana, L.businessMain)) {
      const foreign = await residential.call(method as 'GET', url, payload);
      expect(foreign.statusCode, `${method} ${url} as another customer`).toBe(403);
      const unpermitted = await billing.call(method as 'GET', url, payload);
      expect(unpermitted.statusCode, `${method} ${url} without the permission`).toBe(403);
    }
    const after = await t.db.db
      .selectFrom('contact_method_locations')
      .selectAll()
      .where('contact_method_id', '=', dana)
      .execute();
    expect(after).toEqual(before);
    expect(await contactIdOf(BUSINESS, 'Dana Diaz')).toBe(dana);
  });
});

describe('new contacts fit the account (issue 28)', () => {
  it('links a new contact to its locations in the same request, with the link type of its category', async () => {
    const business = await as(t, 'business');
    const res = await business.call(
      'POST',
      '/api/customer/contacts',
      { ...NEW_CONTACT, ContactName: 'Lena Linked', serviceLocationIds: [L.businessMain, L.businessBranch] },
      { 'idempotency-key': newKey('contact') },
    );
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .locations.map((l: { ServiceLocationID: number; linkType: string }) => [l.ServiceLocationID, l.linkType])
        .sort(),
    ).toEqual([
      [L.businessMain, 'Technical'],
      [L.businessBranch, 'Technical'],
    ]);
  });

  it('refuses another account’s location, storing nothing', async () => {
    const business = await as(t, 'business');
    const before = await countContacts(BUSINESS);
    const res = await business.call('POST', '/api/customer/contacts', {
      ...NEW_CONTACT,
      ContactName: 'Felix Foreign',
      serviceLocationIds: [L.residential],
    });
    expect(res.statusCode).toBe(403);
    expect(await countContacts(BUSINESS)).toBe(before);
  });

  it('asks about a second Primary: refused without a choice, replace makes the other Secondary, keep keeps both', async () => {
    const rhonda = await as(t, 'residential');
    const before = await countContacts(RESIDENTIAL);
    const primary = { ...NEW_CONTACT, ContactCategory: 'Primary', ContactName: 'Paula Primary' };
    const asked = await rhonda.call('POST', '/api/customer/contacts', primary);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.fields.ContactCategory).toMatch(/^Rhonda Reyes is already the Primary contact\./);
    expect(await countContacts(RESIDENTIAL)).toBe(before);

    const kept = await rhonda.call('POST', '/api/customer/contacts', { ...primary, ifPrimaryExists: 'keep' });
    expect(kept.statusCode).toBe(201);
    const categoryOf = async (name: string) => (await contactRowOf(RESIDENTIAL, name)).category;
    expect(await categoryOf('Rhonda Reyes')).toBe('Primary');

    const replaced = await rhonda.call('POST', '/api/customer/contacts', {
      ...primary,
      ContactName: 'Pat Primary',
      ifPrimaryExists: 'replace',
    });
    expect(replaced.statusCode).toBe(201);
    expect(await categoryOf('Rhonda Reyes')).toBe('Secondary');
    expect(await categoryOf('Paula Primary')).toBe('Secondary');
    expect(await categoryOf('Pat Primary')).toBe('Primary');
  });

  it('a bad choice is a 400 naming the field', async () => {
    const res = await (await as(t, 'business')).call('POST', '/api/customer/contacts', {
      ...NEW_CONTACT,
      ifPrimaryExists: 'maybe',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('ifPrimaryExists');
  });
});
