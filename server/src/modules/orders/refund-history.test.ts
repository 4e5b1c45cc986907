/**
 * A cancelled order's refund shows in the Billing Center (issue 28, the order-to-bill loop): the order's payment
 * says Refunded, with the amount and when, instead of still showing Completed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { newKey } from '../customer-account/customer-test-helpers.js';
import { orderingSteps } from '../ordering/ordering-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a cancelled order’s refund in the billing history', () => {
  it('shows the order’s payment as Refunded, with the amount and when', async () => {
    const steps = orderingSteps(t);
    const cart = await steps.newCart();
    const body = await steps.newCustomerBody(cart);
    const placed = await t.request({
      method: 'POST',
      url: '/api/ordering/checkout',
      payload: body,
      headers: { 'idempotency-key': newKey('refund-history') },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId, username, paidCents } = placed.json();
    const token = await t.login(username, body.account.password ?? DEMO_PASSWORD);

    const locations = await t.request({ method: 'GET', url: '/api/customer/billing/mailing-locations', token });
    const mailingLocationId = locations.json()[0].MailingLocationID as number;
    const history = async () =>
      (
        await t.request({
          method: 'GET',
          url: `/api/customer/billing/mailing-locations/${mailingLocationId}/history`,
          token,
        })
      ).json().payments as { status: string; amountCents: number; refundedCents: number; refundedAt: string | null }[];
    expect(await history()).toEqual([
      expect.objectContaining({ status: 'Completed', amountCents: paidCents, refundedCents: 0, refundedAt: null }),
    ]);

    const cancel = await t.request({
      method: 'POST',
      url: `/api/customer/orders/${orderId}/cancel`,
      token,
      payload: { reason: 'Changed my mind' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await history()).toEqual([
      expect.objectContaining({
        status: 'Refunded',
        amountCents: paidCents,
        refundedCents: paidCents,
        refundedAt: expect.any(String),
      }),
    ]);
  });
});
