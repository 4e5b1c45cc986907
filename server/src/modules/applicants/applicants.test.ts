import {
  APPLICANT_WRONG_CREDENTIALS,
  PROGRAMMING_TEST_MAX_BYTES,
  UPLOAD_DONE_MESSAGE,
  ZIP_NOT_ZIP_MESSAGE,
  ZIP_TOO_LARGE_MESSAGE,
} from '@strand/domain';
import { zipOf } from '@strand/test-support/zip-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApplicantToken } from '../../plugins/applicant-tokens.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { makeZip } from '../../test/hostile-files.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let applicantToken = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['staff', 'residential', 'installer', 'contractor']) tokens[u] = await t.login(u);
  applicantToken = await applicantLogin('applicant', DEMO_PASSWORD);
});
afterAll(() => t.close());

async function applicantLogin(username: string, code: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/applicant/login', payload: { username, code } });
  if (res.statusCode !== 200) throw new Error(`applicant login ${username}: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

const EMPTY_ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);

let keySeq = 0;
const newKey = () => `test-key-${++keySeq}-${Date.now()}`;

const upload = (
  token: string | undefined,
  body: Record<string, unknown>,
  key: string | null = newKey(),
  extraHeaders: Record<string, string> = {},
) =>
  t.request({
    method: 'POST',
    url: '/api/applicant/submissions',
    ...(token ? { token } : {}),
    payload: body,
    headers: { ...(key ? { 'idempotency-key': key } : {}), ...extraHeaders },
  });

const invite = (token: string | undefined, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/staff/applicants', ...(token ? { token } : {}), payload: body });

describe('programming test login', () => {
  it('gives the demo applicant a token and says who they are, without a submission yet', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/applicant/login',
      payload: { username: ' Applicant ', code: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.applicant).toEqual({ username: 'applicant', name: 'Avery Quinn', submission: null });
    expect(Date.parse(body.expiresAt) - t.clock.now.getTime()).toBe(2 * 60 * 60 * 1000);
    expect(JSON.stringify(body)).not.toContain('code_hash');
  });

  it('answers an unknown user and a wrong code with one message (401)', async () => {
    for (const payload of [
      { username: 'applicant', code: 'wrong-code' },
      { username: 'nobody-here', code: DEMO_PASSWORD },
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/applicant/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(APPLICANT_WRONG_CREDENTIALS);
    }
  });

  it('names the missing field (400)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/applicant/login', payload: { username: 'applicant' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('code');
  });

  it('is rate-limited per user name like the sign-in (429), even for the right code', async () => {
    const created = await invite(tokens.staff, {
      name: 'Rita Limit',
      email: 'rita@example.org',
      username: 'rita.limit',
    });
    const code = created.json().accessCode as string;
    for (let i = 0; i < 5; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/applicant/login',
        payload: { username: 'rita.limit', code: `nope-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await t.request({
      method: 'POST',
      url: '/api/applicant/login',
      payload: { username: 'rita.limit', code },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // The customer sign-in of a user with the same name is not locked by the applicant's failures.
    expect(await t.login('residential')).toBeTruthy();
  });
});

describe('applicant token scope', () => {
  it('is refused on every non-applicant route (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/staff/applicants'],
      ['GET', '/api/customer/account'],
      ['POST', '/api/session/log'],
      ['GET', '/api/settings'],
      ['GET', '/api/installer/work-orders'],
    ] as const) {
      const res = await t.request({ method, url, token: applicantToken });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('a session token (customer or staff) is refused on the applicant routes (401)', async () => {
    for (const user of ['residential', 'staff']) {
      const me = await t.request({ method: 'GET', url: '/api/applicant/me', token: tokens[user] });
      expect(me.statusCode).toBe(401);
      const up = await upload(tokens[user], { username: 'applicant', zip: EMPTY_ZIP.toString('base64') });
      expect(up.statusCode).toBe(401);
    }
    expect((await t.request({ method: 'GET', url: '/api/applicant/me' })).statusCode).toBe(401);
  });

  it('refuses a forged, expired or tampered token', async () => {
    const expired = issueApplicantToken(t.ctx.config.jwtSecret, 1, new Date(Date.now() - 3 * 3600_000)).token;
    const forged = issueApplicantToken('another-secret-another-secret-0123456789', 1, new Date()).token;
    const [p, , exp, mac] = applicantToken.split('.');
    const otherId = [p, '2', exp, mac].join('.');
    for (const token of [expired, forged, otherId, 'ap1.1.99999999999999.x']) {
      const res = await t.request({ method: 'GET', url: '/api/applicant/me', token });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('programming test upload', () => {
  it('stores a real zip, records it and answers with the success text', async () => {
    const zip = zipOf('solution/README.md', '# My solution\n');
    const res = await upload(applicantToken, {
      username: 'applicant',
      zip: zip.toString('base64'),
      fileName: 'C:\\Users\\avery\\my solution.zip',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(UPLOAD_DONE_MESSAGE);
    expect(body.submission).toMatchObject({ fileName: 'my solution.zip', sizeBytes: zip.length });
    expect(body.submission.sha256).toMatch(/^[0-9a-f]{64}$/);

    const row = await t.db.db
      .selectFrom('applicant_submissions')
      .selectAll()
      .where('id', '=', body.submission.id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^applicants\/1\/[0-9a-f-]{36}\.zip$/);
    expect(await t.readStored(row.storage_key)).toEqual(zip);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'applicant-submitted')
      .where('subject', '=', 'applicant:1')
      .execute();
    expect(audit.length).toBeGreaterThan(0);

    const me = await t.request({ method: 'GET', url: '/api/applicant/me', token: applicantToken });
    expect(me.json().submission).toMatchObject({ id: body.submission.id, sizeBytes: zip.length });
  });

  it('accepts an empty archive and exactly 1,000,000 bytes', async () => {
    expect(
      (await upload(applicantToken, { username: 'applicant', zip: EMPTY_ZIP.toString('base64') })).statusCode,
    ).toBe(201);
    // One stored entry sized so the whole archive is exactly the limit (114 bytes of headers for 'data.bin').
    const max = makeZip([{ name: 'data.bin', data: Buffer.alloc(PROGRAMMING_TEST_MAX_BYTES - 114, 'x') }]);
    const res = await upload(applicantToken, { username: 'applicant', zip: max.toString('base64') });
    expect(res.statusCode).toBe(201);
    expect(res.json().submission.sizeBytes).toBe(PROGRAMMING_TEST_MAX_BYTES);
  });

  it('refuses one byte more with 413 and the product message', async () => {
    const big = Buffer.concat([EMPTY_ZIP, Buffer.alloc(PROGRAMMING_TEST_MAX_BYTES + 1 - EMPTY_ZIP.length)]);
    const res = await upload(applicantToken, { username: 'applicant', zip: big.toString('base64') });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(ZIP_TOO_LARGE_MESSAGE);
    expect(res.json().error.fields).toHaveProperty('zip');
  });

  it('refuses a body over the route limit with the same 413 message', async () => {
    const huge = Buffer.alloc(2 * PROGRAMMING_TEST_MAX_BYTES, 1).toString('base64');
    const res = await upload(applicantToken, { username: 'applicant', zip: huge });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(ZIP_TOO_LARGE_MESSAGE);
  });

  it('refuses a file that is not a zip (400) whatever its name', async () => {
    const res = await upload(applicantToken, {
      username: 'applicant',
      zip: Buffer.from('%PDF-1.7 not a zip').toString('base64'),
      fileName: 'solution.zip',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ZIP_NOT_ZIP_MESSAGE);
    expect(res.json().error.fields).toHaveProperty('zip');
  });

  it('refuses bad base64 (400, naming zip)', async () => {
    for (const zip of ['not base64!', 'UEsFBg', `data:application/zip;base64,${EMPTY_ZIP.toString('base64')}`]) {
      const res = await upload(applicantToken, { username: 'applicant', zip });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('zip');
    }
    const missing = await upload(applicantToken, { username: 'applicant' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('zip');
  });

  it('needs an Idempotency-Key (400) and a valid one', async () => {
    const body = { username: 'applicant', zip: EMPTY_ZIP.toString('base64') };
    const none = await upload(applicantToken, body, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toHaveProperty('Idempotency-Key');
    expect((await upload(applicantToken, body, 'bad key!')).statusCode).toBe(400);
  });

  it('a retried upload (same key) returns the first submission and stores nothing twice', async () => {
    const zip = zipOf('a.txt', 'retry me');
    const key = newKey();
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('applicant_submissions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const first = await upload(applicantToken, { username: 'applicant', zip: zip.toString('base64') }, key);
    const again = await upload(applicantToken, { username: 'applicant', zip: zip.toString('base64') }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);
    const other = await upload(applicantToken, { username: 'applicant', zip: EMPTY_ZIP.toString('base64') }, key);
    expect(other.statusCode).toBe(422);
  });

  it('a re-submission becomes the current one and the history is kept', async () => {
    const a = await upload(applicantToken, { username: 'applicant', zip: zipOf('v1.txt', 'one').toString('base64') });
    const b = await upload(applicantToken, { username: 'applicant', zip: zipOf('v2.txt', 'two').toString('base64') });
    const me = await t.request({ method: 'GET', url: '/api/applicant/me', token: applicantToken });
    expect(me.json().submission.id).toBe(b.json().submission.id);
    const list = await t.request({ method: 'GET', url: '/api/staff/applicants', token: tokens.staff });
    const demo = list.json().applicants.find((x: { username: string }) => x.username === 'applicant');
    expect(demo.submission.id).toBe(b.json().submission.id);
    expect(demo.submissionCount).toBeGreaterThanOrEqual(2);
    // The earlier file is still downloadable.
    const old = await t.request({
      method: 'GET',
      url: `/api/staff/applicant-submissions/${a.json().submission.id}/file`,
      token: tokens.staff,
    });
    expect(old.statusCode).toBe(200);
  });

  it("refuses an upload under another applicant's user name (403)", async () => {
    const res = await upload(applicantToken, { username: 'rita.limit', zip: EMPTY_ZIP.toString('base64') });
    expect(res.statusCode).toBe(403);
  });
});

describe('staff: applicants', () => {
  it('invites an applicant: stores only the hash, shows the code once and mails the invitation', async () => {
    const res = await invite(tokens.staff, {
      name: 'Jordan Lee',
      email: 'Jordan.Lee@Example.org',
      username: 'jordan.lee',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.accessCode).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(body.invitationSentTo).toBe('jordan.lee@example.org');
    expect(body.applicant).toMatchObject({ username: 'jordan.lee', status: 'invited', submission: null });

    const row = await t.db.db
      .selectFrom('applicants')
      .selectAll()
      .where('username', '=', 'jordan.lee')
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^\$argon2id\$/);
    expect(row.code_hash).not.toContain(body.accessCode);

    const mail = t.mail.at(-1);
    expect(mail?.to).toBe('jordan.lee@example.org');
    expect(mail?.text).toContain(body.accessCode);
    expect(mail?.text).toContain('http://portal.test/programmingTestPage');

    // The code works once mailed, and the list never repeats it.
    expect(await applicantLogin('jordan.lee', body.accessCode)).toMatch(/^ap1\./);
    const list = await t.request({ method: 'GET', url: '/api/staff/applicants', token: tokens.staff });
    expect(list.body).not.toContain(body.accessCode);
    expect(list.body).not.toContain('argon2');

    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'applicant-invited')
      .where('detail', '=', JSON.stringify({ username: 'jordan.lee' }))
      .executeTakeFirst();
    expect(audit?.employee_id).toBe(7);
  });

  it('refuses a taken user name (409) and bad fields (400, named)', async () => {
    const taken = await invite(tokens.staff, { name: 'X', email: 'x@example.org', username: 'applicant' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toHaveProperty('username');
    const bad = await invite(tokens.staff, { name: '', email: 'not-an-email', username: 'No Spaces' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'name', 'username']);
  });

  it('lists applicants with status and downloads a submission', async () => {
    const zip = zipOf('hello.txt', 'hello staff');
    const up = await upload(applicantToken, { username: 'applicant', zip: zip.toString('base64') });
    const id = up.json().submission.id as number;

    const list = await t.request({ method: 'GET', url: '/api/staff/applicants', token: tokens.staff });
    expect(list.statusCode).toBe(200);
    const applicants = list.json().applicants as { username: string; status: string; submission: unknown }[];
    expect(applicants.find((a) => a.username === 'applicant')).toMatchObject({
      status: 'submitted',
      submission: { id, sizeBytes: zip.length },
    });
    expect(applicants.find((a) => a.username === 'jordan.lee')).toMatchObject({ status: 'invited', submission: null });

    const file = await t.request({
      method: 'GET',
      url: `/api/staff/applicant-submissions/${id}/file`,
      token: tokens.staff,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="programming-test-applicant-${id}.zip"; filename*=UTF-8''programming-test-applicant-${id}.zip`,
    );
    expect(file.rawPayload).toEqual(zip);
  });

  it('answers 404 for an unknown submission and 400 for a bad id', async () => {
    const missing = await t.request({
      method: 'GET',
      url: '/api/staff/applicant-submissions/999999/file',
      token: tokens.staff,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.request({
      method: 'GET',
      url: '/api/staff/applicant-submissions/abc/file',
      token: tokens.staff,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses customers, installers and contractors (403) and no session (401) on every staff route', async () => {
    for (const user of ['residential', 'installer', 'contractor']) {
      const list = await t.request({ method: 'GET', url: '/api/staff/applicants', token: tokens[user] });
      expect(list.statusCode, user).toBe(403);
      const created = await invite(tokens[user], { name: 'Eve', email: 'eve@example.org', username: `eve-${user}` });
      expect(created.statusCode, user).toBe(403);
      const file = await t.request({
        method: 'GET',
        url: '/api/staff/applicant-submissions/1/file',
        token: tokens[user],
      });
      expect(file.statusCode, user).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/staff/applicants' })).statusCode).toBe(401);
    expect((await invite(undefined, { name: 'Eve', email: 'eve@example.org', username: 'eve-none' })).statusCode).toBe(
      401,
    );
  });
});
