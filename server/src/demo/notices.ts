/**
 * Subscriber notices (issue 13 part 5): one planned-maintenance notice that `network` sent ten days ago to the
 * subscribers of colo area CLM-CLARK, with its record of who was told (Rhonda Reyes's two contacts and Priya Patel),
 * so the notices list and a notice's page have something to show on a fresh database.
 */
import type { SeedContext } from './context.js';
import { DEMO } from './demo-ids.js';

const C = DEMO.customers;

export async function seedNotices(ctx: SeedContext): Promise<void> {
  const noticeId = ctx.ids.next('notices');
  const sentAt = ctx.clock.at(-10, 15, 0);
  await ctx.insert('notices', [
    {
      id: noticeId,
      kind: 'maintenance',
      subject: 'Planned maintenance on the Clark Ln cabinet',
      body: 'We are splicing new fiber into the cabinet that serves your street. Your internet and phone may be off for up to two hours during the window below.',
      window_start: ctx.clock.at(-8, 4, 0),
      window_end: ctx.clock.at(-8, 6, 0),
      restoration_ticket_id: null,
      ticket_reference: null,
      filter: JSON.stringify({ coloArea: 'CLM-CLARK', category: 'internet' }),
      audience_customers: 2,
      status: 'sent',
      listed_through: C.spliceCustomer,
      lease_until: null,
      created_by: DEMO.users.network.id,
      employee_id: null,
      created_at: sentAt,
      finished_at: ctx.clock.at(-10, 15, 1),
    },
  ]);
  const recipient = (customerId: string, customerName: string, address: string, email: string) => ({
    id: ctx.ids.next('notice_recipients'),
    notice_id: noticeId,
    customer_id: customerId,
    customer_name: customerName,
    address,
    email,
    recipient_key: email.toLowerCase(),
    status: 'sent',
    attempts: 1,
    next_attempt_at: sentAt,
    claim_token: null,
    claimed_at: sentAt,
    sent_at: ctx.clock.at(-10, 15, 1),
    failure: null,
  });
  await ctx.insert('notice_recipients', [
    recipient(C.residential, 'Rhonda Reyes', '2208 Clark Ln, Columbia, MO 65202', 'rhonda.reyes@example.com'),
    recipient(C.residential, 'Rhonda Reyes', '2208 Clark Ln, Columbia, MO 65202', 'ramon.reyes@example.com'),
    recipient(C.spliceCustomer, 'Priya Patel', '1812 Hinkson Ave, Columbia, MO 65201', 'priya.patel@example.org'),
  ]);
}
