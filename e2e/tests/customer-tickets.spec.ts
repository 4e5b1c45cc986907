import { signIn } from './support/app';
import { expectNoSideways } from './support/customer';
import { screenshot } from './support/review';
import { expect, test } from './support/spec-server';

test.use({ viewport: { width: 390, height: 844 } });

test('residential opens a trouble ticket’s page, sees when to expect an answer, and replies', async ({ page }) => {
  await signIn(page, 'residential', { open: '/accountInfo?section=tickets' });
  await test.step('reporting a problem says how soon we answer that kind of problem', async () => {
    await page.getByRole('button', { name: 'Report a problem' }).click();
    const form = page.getByRole('form', { name: 'Report a problem' });
    await expect(form.getByText('We answer No service tickets within 4 hours.')).toBeVisible();
    await form.getByLabel('Problem type').selectOption('TV service');
    await expect(form.getByText('We answer TV service tickets within 2 days.')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
  });
  await test.step('each ticket of the list opens its page', async () => {
    await page.getByRole('link', { name: /Open ticket #\d+.*Internet drops in the evening/ }).click();
    await expect(page.getByRole('heading', { name: /^Ticket #\d+: Internet drops in the evening$/ })).toBeVisible();
    await expect(page.getByText(/^We answer .+ tickets within \d+ (hours?|days?)\.$/)).toBeVisible();
    await expect(page.getByText('Wi-Fi disconnects for a minute or two most evenings around 8 PM.')).toBeVisible();
    await expect(page.getByText('No updates yet. We will answer here.')).toBeVisible();
    await expectNoSideways(page);
    await screenshot(page, 'customer-ticket-phone');
  });
  await test.step('a reply needs words, then joins the timeline', async () => {
    const reply = page.getByRole('form', { name: 'Reply to this ticket' });
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expect(reply.getByText('Write your reply (2 to 2000 characters).')).toBeVisible();
    await reply.getByLabel('Your reply').fill('It dropped again last night at 8:05 PM.');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expect(reply.getByText('Your reply was sent.')).toBeVisible();
    const updates = page.getByRole('list', { name: 'Updates' });
    await expect(updates.getByText('It dropped again last night at 8:05 PM.')).toBeVisible();
    await expect(updates.getByText('Rhonda Reyes')).toBeVisible();
    await expectNoSideways(page);
    await screenshot(page, 'customer-ticket-replied-phone');
  });
  await test.step('back to the list', async () => {
    await page.getByRole('link', { name: '← All trouble tickets' }).click();
    await expect(page.getByRole('heading', { name: 'Trouble tickets' })).toBeVisible();
  });
});
