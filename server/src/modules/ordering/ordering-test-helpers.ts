/** The ordering API tests' steps: check an address, fill a cart, a new customer's checkout body (code mailed). */
import { expect } from 'vitest';
import { AVAILABILITY_ADDRESSES } from '../../demo/ordering.js';
import type { TestApp } from '../../test/harness.js';

export type Addr = { line1: string; unit?: string; city: string; state: string; zip: string };

export const TEST_CARD = {
  kind: 'card',
  holderName: 'Nora New',
  cardNumber: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2035,
  cvc: '123',
  postalCode: '65202',
};

let emailSerial = 0;

export function orderingSteps(t: TestApp) {
  const anon = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers?: Record<string, string>) =>
    t.request({ method, url, ...(payload ? { payload } : {}), headers });
  const form = (a: Addr, extra: object = {}) => ({
    line1: a.line1,
    unit: a.unit ?? '',
    city: a.city,
    state: a.state,
    zip: a.zip,
    ...extra,
  });
  const check = async (a: Addr, extra: object = {}) => {
    const res = await anon('POST', '/api/ordering/availability', form(a, extra));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  async function newCart(a: Addr = AVAILABILITY_ADDRESSES.fiber, packageIds = [2]) {
    const c = await check(a);
    const created = await anon('POST', '/api/ordering/carts', { checkId: c.checkId });
    expect(created.statusCode, created.body).toBe(201);
    const cartId = created.json().cartId as string;
    const put = await anon('PUT', `/api/ordering/carts/${cartId}`, { packageIds });
    expect(put.statusCode, put.body).toBe(200);
    return put.json();
  }
  async function emailCode(email: string): Promise<string> {
    const res = await anon('POST', '/api/ordering/email-code', { email });
    expect(res.statusCode, res.body).toBe(201);
    const mail = [...t.mail].reverse().find((m) => m.to === email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error('no code mailed');
    return code;
  }
  async function firstWindow(cartId: string) {
    const w = (await anon('GET', `/api/ordering/carts/${cartId}/install-windows`)).json();
    const day = w.days.find((d: { windows: { free: number }[] }) => d.windows.some((x) => x.free > 0));
    return {
      installDate: day.date as string,
      installWindow: day.windows.find((x: { free: number }) => x.free > 0).window as string,
    };
  }
  async function newCustomerBody(cart: { cartId: string; dueTodayCents: number }, over: Record<string, unknown> = {}) {
    emailSerial += 1;
    const email = `new${emailSerial}@example.com`;
    const code = await emailCode(email);
    return {
      cartId: cart.cartId,
      ...(await firstWindow(cart.cartId)),
      acceptTerms: true,
      expectedTotalCents: cart.dueTodayCents,
      payment: TEST_CARD,
      mailing: null,
      account: {
        customerType: 'Residential',
        firstName: 'Nora',
        lastName: 'New',
        businessName: '',
        email,
        phone: '(573) 555-0199',
        username: `nora${emailSerial}`,
        password: 'fiber-at-last-2026',
        emailCode: code,
      },
      ...over,
    };
  }
  return { anon, form, check, newCart, emailCode, firstWindow, newCustomerBody };
}
