import type { Page } from '@playwright/test';
import { zipOf } from '@strand/test-support/zip-fixture';
import { signIn } from './support/app';
import { DEMO_PASSWORD } from './support/demo';
import { expect, test } from './support/spec-server';

const suffix = () => Math.random().toString(36).slice(2, 8);

async function applicantSignIn(page: Page, username: string, code: string) {
  await page.goto('/programmingTestPage');
  await expect(page.getByRole('heading', { name: 'Programming test login' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Access code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Submit your programming test' })).toBeVisible();
}

test('the demo applicant signs in, the browser refuses a too-large and a non-zip file, a real zip is submitted', async ({
  page,
}) => {
  // A signed-in customer is neither sent away from the test pages nor signed out by them.
  await signIn(page, 'residential', { open: '/programmingTest' });
  await expect(page).toHaveURL(/\/programmingTest$/);
  await expect(page.getByRole('link', { name: 'Go to the programming test page' })).toBeVisible();

  await applicantSignIn(page, 'applicant', DEMO_PASSWORD);
  await expect(page.getByText('Hello Avery Quinn.')).toBeVisible();
  const input = page.getByLabel('Your .zip file');

  const tooLarge = Buffer.concat([zipOf('a.txt', 'a'), Buffer.alloc(1_000_001)]);
  await input.setInputFiles({ name: 'big.zip', mimeType: 'application/zip', buffer: tooLarge });
  await expect(page.getByText('This file is too large! The maximum allowed size is 1MB.')).toBeVisible();

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello there') });
  await expect(page.getByText('This file is not a .zip file! You must submit a .zip file.')).toBeVisible();
  await input.setInputFiles({ name: 'fake.zip', mimeType: 'application/zip', buffer: Buffer.from('%PDF-1.7') });
  await expect(page.getByText('This file is not a .zip file! You must submit a .zip file.')).toBeVisible();

  const name = `solution-${suffix()}.zip`;
  await input.setInputFiles({ name, mimeType: 'application/zip', buffer: zipOf('README.md', '# Solution\n') });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/programmingTest$/);
  await expect(page.getByRole('heading', { name: 'File submitted!' })).toBeVisible();
  await expect(page.getByText('Your test has been submitted.')).toBeVisible();
  await expect(page.getByText(/Thank you, Avery Quinn,/)).toBeVisible();
  await expect(page.getByText(`Received ${name}`)).toBeVisible();

  await page.goto('/accountInfo');
  await expect(page).toHaveURL(/\/accountInfo$/);
});

test('staff invites an applicant, sees the one-time code, and sees and downloads a submission', async ({
  page,
  request,
}) => {
  // A submission of the demo applicant through the API, so this test does not depend on the other one.
  const login = await request.post('/api/applicant/login', { data: { username: 'applicant', code: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = await login.json();
  const upload = await request.post('/api/applicant/submissions', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-${suffix()}-${Date.now()}` },
    data: { username: 'applicant', zip: zipOf('api.txt', `from the API ${suffix()}`).toString('base64') },
  });
  expect(upload.status()).toBe(201);

  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/staff$/);
  // Applicants have their own admin page, one link of the staff navigation.
  await page.getByRole('link', { name: 'Applicants', exact: true }).first().click();
  await expect(page).toHaveURL(/\/staff\/applicants$/);
  const demo = page.getByRole('listitem', { name: 'Applicant Avery Quinn' });
  await expect(demo.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(demo.getByText(/bytes$/)).toBeVisible();
  const download = page.waitForEvent('download');
  await demo.getByRole('button', { name: 'Download submission of Avery Quinn' }).click();
  expect((await download).suggestedFilename()).toMatch(/^programming-test-applicant-\d+\.zip$/);

  const username = `e2e-${suffix()}`;
  await page.getByLabel('Applicant name').fill(`Pat ${username}`);
  await page.getByLabel('Applicant email').fill(`${username}@example.org`);
  await page.getByLabel('Applicant username').fill(username);
  await page.getByRole('button', { name: 'Invite and send access code' }).click();
  const card = page.getByRole('region', { name: `Access code for ${username}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`mailed to ${username}@example.org`);
  const code = (await card.locator('code').textContent()) ?? '';
  expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  const item = page.getByRole('listitem', { name: `Applicant Pat ${username}` });
  await expect(item.getByText('Invited', { exact: true })).toBeVisible();

  // The code works for the new applicant, even in the browser where staff is signed in.
  await applicantSignIn(page, username, code);
  await expect(page.getByText(`Hello Pat ${username}.`)).toBeVisible();
});
