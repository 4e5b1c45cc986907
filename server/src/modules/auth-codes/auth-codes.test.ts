import { AUTH_CODE_SUFFIX_LIMIT } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, newKey, RESIDENTIAL, superUser } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const net = () => as(t, 'network');
const codeRows = () =>
  t.db.db.selectFrom('auth_codes').select(['id', 'code', 'status', 'description']).orderBy('id').execute();
const auditRows = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', `staff.auth-code.${action}`).execute();
const idWith = async (status: string) =>
  (
    await t.db.db
      .selectFrom('auth_codes')
      .select('id')
      .where('status', '=', status)
      .where('removed_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
const add = async (body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  (await net()).call(
    'POST',
    '/api/staff/auth-codes',
    { vcCustomerID: BUSINESS, description: 'Test phone', classOfService: 'long_distance', ...body },
    headers,
  );

describe('GET /api/staff/auth-codes (search)', () => {
  it('lists Acme’s codes in every state, masked, never a full code', async () => {
    const res = await (await net()).call('GET', '/api/staff/auth-codes');
    expect(res.statusCode).toBe(200);
    const { authCodes, truncated } = res.json();
    expect(truncated).toBe(false);
    expect(new Set(authCodes.map((c: { status: string }) => c.status))).toEqual(
      new Set(['pending', 'active', 'suspended', 'failed']),
    );
    for (const c of authCodes) {
      expect(c.maskedCode).toMatch(/^\*{6}\d$/);
      expect(c.vcCustomerName).toBe('Acme Dental Group');
      expect(c).not.toHaveProperty('code');
    }
    for (const row of await codeRows()) expect(res.body).not.toContain(row.code ?? 'none');
    const failed = authCodes.find((c: { status: string }) => c.status === 'failed');
    expect(failed.lastError).toMatch(/refused/);
  });

  it('finds by the last digits of the code, by account and by status', async () => {
    const rows = await codeRows();
    const target = rows[1];
    const suffix = target?.code?.slice(-4) ?? '';
    const bySuffix = (await (await net()).call('GET', `/api/staff/auth-codes?suffix=${suffix}`)).json().authCodes;
    expect(bySuffix.map((c: { AuthCodeID: number }) => c.AuthCodeID)).toContain(target?.id);
    for (const c of bySuffix) {
      const full = rows.find((r) => r.id === c.AuthCodeID)?.code ?? '';
      expect(full.endsWith(suffix)).toBe(true);
    }
    // 9s at the end of the reversed prefix ('0999') exercise the range's carry.
    const nines = (await (await net()).call('GET', '/api/staff/auth-codes?suffix=9990')).json().authCodes;
    for (const c of nines) expect(rows.find((r) => r.id === c.AuthCodeID)?.code?.endsWith('9990')).toBe(true);
    const pending = (await (await net()).call('GET', '/api/staff/auth-codes?status=pending')).json().authCodes;
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((c: { status: string }) => c.status === 'pending')).toBe(true);
    const residential = await (await net()).call('GET', `/api/staff/auth-codes?customer=${RESIDENTIAL}`);
    expect(residential.json().authCodes).toEqual([]);
    const acme = (await (await net()).call('GET', `/api/staff/auth-codes?customer=${BUSINESS}`)).json().authCodes;
    expect(acme.length).toBe(rows.filter((r) => r.status !== 'removed').length);
  });

  it('refuses a bad suffix, status or account number, naming the field', async () => {
    for (const [query, field] of [
      ['suffix=12x', 'suffix'],
      ['suffix=123', 'suffix'],
      ['status=lost', 'status'],
      ['customer=12', 'customer'],
    ]) {
      const res = await (await net()).call('GET', `/api/staff/auth-codes?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), query).toContain(field);
    }
  });
});

describe('the suffix search cannot recover a whole code (issue 25)', () => {
  it('takes exactly the last 4 digits: 5, 6 or 7 digits, or the whole code, are a 400 naming the field', async () => {
    const [row] = await codeRows();
    const code = row?.code ?? '';
    expect(code).toMatch(/^\d{7}$/);
    for (const suffix of [code.slice(-5), code.slice(-6), code]) {
      const res = await (await net()).call('GET', `/api/staff/auth-codes?suffix=${suffix}`);
      expect(res.statusCode, suffix).toBe(400);
      expect(res.json().error.fields.suffix, suffix).toBe('Code suffix must be the last 4 digits of the code.');
      expect(res.body).not.toContain(`"AuthCodeID"`);
    }
    expect((await (await net()).call('GET', `/api/staff/auth-codes?suffix=${code.slice(-4)}`)).statusCode).toBe(200);
  });

  it(`answers at most ${AUTH_CODE_SUFFIX_LIMIT} codes for a suffix, the newest, and says there are more`, async () => {
    const now = t.clock.now.toISOString();
    const codes = Array.from({ length: AUTH_CODE_SUFFIX_LIMIT + 5 }, (_, i) => `${100 + i}5813`);
    await t.db.db
      .insertInto('auth_codes')
      .values(
        codes.map((code) => ({
          customer_id: BUSINESS,
          code,
          code_reversed: [...code].reverse().join(''),
          description: `Suffix ${code}`,
          class_of_service: 'local',
          status: 'active',
          created_at: now,
          updated_at: now,
          confirmed_at: now,
        })),
      )
      .execute();
    const res = await (await net()).call('GET', '/api/staff/auth-codes?suffix=5813');
    expect(res.statusCode).toBe(200);
    const { authCodes, truncated } = res.json();
    expect(authCodes).toHaveLength(AUTH_CODE_SUFFIX_LIMIT);
    expect(truncated).toBe(true);
    for (const c of authCodes) expect(c.maskedCode).toBe('******3');
    // Other searches keep the list's own bound.
    const all = (await (await net()).call('GET', `/api/staff/auth-codes?customer=${BUSINESS}`)).json().authCodes;
    expect(all.length).toBeGreaterThan(AUTH_CODE_SUFFIX_LIMIT);
  });
});

describe('who may use the staff routes', () => {
  it('admits network and admin staff, refuses the other staff roles, customers and field users', async () => {
    const id = await idWith('active');
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/staff/auth-codes'],
      ['GET', `/api/staff/auth-codes/${id}`],
      ['POST', '/api/staff/auth-codes', { vcCustomerID: BUSINESS, description: 'x', classOfService: 'local' }],
      ['PATCH', `/api/staff/auth-codes/${id}`, { description: 'Front desk' }],
      ['POST', `/api/staff/auth-codes/${id}/retry`],
      ['DELETE', `/api/staff/auth-codes/${id}`],
    ];
    for (const user of ['sales', 'dispatcher', 'billing-staff', 'business', 'residential', 'installer', 'contractor']) {
      for (const [method, url, body] of routes) {
        const res = await (await as(t, user)).call(method as 'GET', url, body);
        expect(res.statusCode, `${user} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, body] of routes) {
      const res = await t.request({ method: method as 'GET', url, ...(body ? { payload: body as object } : {}) });
      expect(res.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    expect((await (await as(t, 'staff')).call('GET', `/api/staff/auth-codes/${id}`)).statusCode).toBe(200);
    expect((await (await net()).call('GET', `/api/staff/auth-codes/${id}`)).statusCode).toBe(200);
  });

  it('refuses a super-user session (a customer, not staff)', async () => {
    const su = await superUser(t, BUSINESS);
    expect((await su.call('GET', '/api/staff/auth-codes')).statusCode).toBe(403);
  });
});

describe('POST /api/staff/auth-codes (add)', () => {
  it('makes a 7-digit code, answers it once in full, keeps it pending, audits without the code', async () => {
    const res = await add({ description: 'Reception 2' });
    expect(res.statusCode).toBe(201);
    const { authCode, code } = res.json();
    expect(code).toMatch(/^[1-9]\d{6}$/);
    expect(authCode).toMatchObject({ status: 'pending', waitingForSwitch: true, description: 'Reception 2' });
    expect(authCode.maskedCode).toBe(`******${code.slice(-1)}`);
    const stored = await t.db.db
      .selectFrom('auth_codes')
      .selectAll()
      .where('id', '=', authCode.AuthCodeID)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ code, push_action: 'provision', customer_id: BUSINESS, status: 'pending' });
    const audits = await auditRows('add');
    expect(audits.at(-1)?.subject).toBe(`${BUSINESS}:${authCode.AuthCodeID}`);
    expect(JSON.stringify(audits)).not.toContain(code);
    // Never again in full: the one code, the list, the customer's list.
    const one = await (await net()).call('GET', `/api/staff/auth-codes/${authCode.AuthCodeID}`);
    expect(one.body).not.toContain(code);
    expect((await (await net()).call('GET', '/api/staff/auth-codes')).body).not.toContain(code);
    expect((await (await as(t, 'business')).call('GET', '/api/customer/services/auth-codes')).body).not.toContain(code);
  });

  it('answers a retried add (same Idempotency-Key) with the same code record, without the code', async () => {
    const key = newKey('ac');
    const first = await add({ description: 'Retried add' }, { 'idempotency-key': key });
    const again = await add({ description: 'Retried add' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.json().authCode.AuthCodeID).toBe(first.json().authCode.AuthCodeID);
    expect(again.json().code).toBeNull();
    const stored = await t.db.db.selectFrom('idempotency_keys').select('response').where('key', '=', key).execute();
    expect(stored[0]?.response).not.toContain(first.json().code);
    expect((await codeRows()).filter((r) => r.description === 'Retried add')).toHaveLength(1);
  });

  it('gives every code its own digits', async () => {
    const codes = [];
    for (let i = 0; i < 5; i += 1) codes.push((await add({ description: `Batch ${i}` })).json().code);
    expect(new Set(codes).size).toBe(5);
  });

  it('refuses a residential account, an unknown one and bad fields, naming the field, storing nothing', async () => {
    const before = (await codeRows()).length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ vcCustomerID: RESIDENTIAL }, 'vcCustomerID', /business accounts; Rhonda Reyes is a Residential account/],
      [{ vcCustomerID: '9999-9999-9999' }, 'vcCustomerID', /No customer account/],
      [{ description: '' }, 'description', /Description is required/],
      [{ description: 'x'.repeat(81) }, 'description', /at most 80/],
      [{ classOfService: 'satellite' }, 'classOfService', /local, long_distance, international, toll_free/],
    ];
    for (const [body, field, message] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field]).toMatch(message);
    }
    expect((await codeRows()).length).toBe(before);
  });
});

describe('PATCH /api/staff/auth-codes/:id (edit)', () => {
  it('changes the description without bothering the switch', async () => {
    const id = await idWith('active');
    const res = await (await net()).call('PATCH', `/api/staff/auth-codes/${id}`, { description: 'Front desk (main)' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Front desk (main)', status: 'active', waitingForSwitch: false });
    expect((await auditRows('update')).at(-1)?.detail).toContain('Front desk (main)');
  });

  it('suspends an active code and queues the suspension for the switch', async () => {
    const id = await idWith('active');
    const res = await (await net()).call('PATCH', `/api/staff/auth-codes/${id}`, { status: 'suspended' });
    expect(res.json()).toMatchObject({ status: 'suspended', waitingForSwitch: true });
    const row = await t.db.db.selectFrom('auth_codes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: 0, push_action: 'update' });
    const back = await (await net()).call('PATCH', `/api/staff/auth-codes/${id}`, {
      status: 'active',
      classOfService: 'international',
    });
    expect(back.json()).toMatchObject({ status: 'active', classOfService: 'international', waitingForSwitch: true });
  });

  it('refuses to suspend a pending code (409 naming status) and an unknown id (404)', async () => {
    const id = await idWith('pending');
    const res = await (await net()).call('PATCH', `/api/staff/auth-codes/${id}`, { status: 'suspended' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.status).toMatch(/until the switch confirms/);
    expect((await (await net()).call('PATCH', '/api/staff/auth-codes/999999', { description: 'x' })).statusCode).toBe(
      404,
    );
    const empty = await (await net()).call('PATCH', `/api/staff/auth-codes/${id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields)).toContain('description');
  });
});

describe('retry and remove', () => {
  it('retries only a failed code', async () => {
    const failed = await idWith('failed');
    const res = await (await net()).call('POST', `/api/staff/auth-codes/${failed}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', waitingForSwitch: true, lastError: null });
    const again = await (await net()).call('POST', `/api/staff/auth-codes/${failed}/retry`);
    expect(again.statusCode).toBe(409);
    expect((await auditRows('retry')).length).toBe(1);
  });

  it('removes a code the switch never had at once, clearing its digits', async () => {
    const { authCode } = (await add({ description: 'Removed before the push' })).json();
    const res = await (await net()).call('DELETE', `/api/staff/auth-codes/${authCode.AuthCodeID}`);
    expect(res.statusCode).toBe(204);
    const row = await t.db.db
      .selectFrom('auth_codes')
      .selectAll()
      .where('id', '=', authCode.AuthCodeID)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'removed', code: null, code_reversed: null });
    expect((await (await net()).call('GET', `/api/staff/auth-codes/${authCode.AuthCodeID}`)).statusCode).toBe(404);
  });

  it('shows a code the switch has as removing until the switch deletes it', async () => {
    const id = await idWith('suspended');
    expect((await (await net()).call('DELETE', `/api/staff/auth-codes/${id}`)).statusCode).toBe(204);
    const one = (await (await net()).call('GET', `/api/staff/auth-codes/${id}`)).json();
    expect(one).toMatchObject({ status: 'removing', waitingForSwitch: true });
    const removing = (await (await net()).call('GET', '/api/staff/auth-codes?status=removing')).json().authCodes;
    expect(removing.map((c: { AuthCodeID: number }) => c.AuthCodeID)).toContain(id);
    const mine = (await (await as(t, 'business')).call('GET', '/api/customer/services/auth-codes')).json().authCodes;
    expect(mine.map((c: { AuthCodeID: number }) => c.AuthCodeID)).not.toContain(id);
    expect((await (await net()).call('PATCH', `/api/staff/auth-codes/${id}`, { description: 'x' })).statusCode).toBe(
      409,
    );
    expect((await auditRows('remove')).length).toBe(2);
  });
});

describe('GET /api/customer/services/auth-codes', () => {
  it('shows the business admin the account’s own codes, masked', async () => {
    const res = await (await as(t, 'business')).call('GET', '/api/customer/services/auth-codes');
    expect(res.statusCode).toBe(200);
    const { authCodes } = res.json();
    const ids = (
      await t.db.db
        .selectFrom('auth_codes')
        .select('id')
        .where('customer_id', '=', BUSINESS)
        .where('status', '!=', 'removed')
        .where('removed_at', 'is', null)
        .execute()
    ).map((r) => r.id);
    expect(authCodes.map((c: { AuthCodeID: number }) => c.AuthCodeID).sort()).toEqual(ids.sort());
    for (const c of authCodes) {
      expect(c.maskedCode).toMatch(/^\*{6}\d$/);
      expect(Object.keys(c).sort()).toEqual(
        ['AuthCodeID', 'classOfService', 'createdAt', 'description', 'maskedCode', 'status'].sort(),
      );
    }
  });

  it('refuses residential accounts, a user without Services, staff and field users', async () => {
    for (const user of ['residential', 'consumer', 'business-billing', 'network', 'installer']) {
      const res = await (await as(t, user)).call('GET', '/api/customer/services/auth-codes');
      expect(res.statusCode, user).toBe(403);
    }
    const res = await (await as(t, 'residential')).call('GET', '/api/customer/services/auth-codes');
    expect(res.json().error.message).toBe('Auth codes are for business accounts.');
    // A super-user session sees the account it entered, and only that one.
    const suResidential = await superUser(t, RESIDENTIAL);
    expect((await suResidential.call('GET', '/api/customer/services/auth-codes')).statusCode).toBe(403);
    const suBusiness = await superUser(t, BUSINESS);
    expect((await suBusiness.call('GET', '/api/customer/services/auth-codes')).statusCode).toBe(200);
  });
});
