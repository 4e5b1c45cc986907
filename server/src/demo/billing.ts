/**
 * Step 6: bills and support for the named customers: Rhonda's 3 invoices (one past due), 2 saved cards and 2
 * trouble tickets; Acme Dental's 12 monthly invoices, autopay, business-center requests and call records.
 */
import type { NewRow } from '../db/database.js';
import { newConfirmationNumber } from '../lib/confirmation-number.js';
import type { SeedContext } from './context.js';
import { DEMO } from './demo-ids.js';
import type { Random } from './random.js';

const C = DEMO.customers;
const U = DEMO.users;
const L = DEMO.serviceLocations;

interface Line {
  description: string;
  amountCents: number;
}

interface InvoiceSpec {
  customerId: string;
  mailingLocationId: number;
  group: number;
  invoiceDay: number;
  dueDay: number;
  lines: Line[];
  paid: boolean;
}

const RESIDENTIAL_LINES: Line[] = [
  { description: 'Fiber 1 Gig Internet', amountCents: 7_500 },
  { description: 'Home Phone', amountCents: 2_500 },
  { description: 'Federal Universal Service Fund', amountCents: 212 },
  { description: 'Missouri 911 and relay fees', amountCents: 100 },
];

const BUSINESS_LINES: Line[] = [
  { description: 'Business Fiber 1 Gig - 1101 E Broadway', amountCents: 19_900 },
  { description: 'Business Fiber 500 - 2316 Missouri Blvd', amountCents: 12_900 },
  { description: 'Hosted PBX Seat x 6', amountCents: 16_800 },
  { description: 'Static IP Block /29', amountCents: 2_500 },
  { description: 'Taxes and regulatory fees', amountCents: 1_487 },
];

const total = (lines: readonly Line[]) => lines.reduce((sum, l) => sum + l.amountCents, 0);

function statusOf(ctx: SeedContext, spec: InvoiceSpec): string {
  if (spec.paid) return 'Paid';
  return ctx.clock.date(spec.dueDay) < ctx.clock.date(0) ? 'Past Due' : 'Open';
}

async function insertInvoices(ctx: SeedContext, specs: InvoiceSpec[], paymentMethodId: number, paidBy: number) {
  const invoices = specs.map((s) => ({
    id: ctx.ids.next('invoices'),
    customer_id: s.customerId,
    mailing_location_id: s.mailingLocationId,
    invoice_group_id: s.group,
    invoice_date: ctx.clock.date(s.invoiceDay),
    due_date: ctx.clock.date(s.dueDay),
    amount_cents: total(s.lines),
    balance_cents: s.paid ? 0 : total(s.lines),
    status: statusOf(ctx, s),
  }));
  await ctx.insert('invoices', invoices);
  await ctx.insert(
    'invoice_lines',
    specs.flatMap((s, i) =>
      s.lines.map((l) => ({
        invoice_id: invoices[i]?.id ?? 0,
        description: l.description,
        amount_cents: l.amountCents,
      })),
    ),
  );
  const paid = invoices.filter((inv) => inv.balance_cents === 0);
  const payments = paid.map((inv, i) => ({
    id: ctx.ids.next('payments'),
    customer_id: inv.customer_id,
    payment_method_id: paymentMethodId,
    amount_cents: inv.amount_cents,
    fee_cents: 0,
    status: 'Completed',
    gateway_reference: `ch_demo_${inv.id}_${i + 1}`,
    paid_by: paidBy,
    created_at: `${inv.due_date}T15:00:00.000Z`,
    confirmation_number: newConfirmationNumber(`demo-payment-${inv.id}`),
  }));
  await ctx.insert('payments', payments);
  await ctx.insert(
    'payment_allocations',
    payments.map((p, i) => ({ payment_id: p.id, invoice_id: paid[i]?.id ?? 0, amount_cents: p.amount_cents })),
  );
}

function card(
  ctx: SeedContext,
  customerId: string,
  holder: string,
  brand: string,
  last4: string,
  exp: [number, number] | null,
  kind = 'card',
): NewRow<'payment_methods'> & { id: number } {
  return {
    id: ctx.ids.next('payment_methods'),
    customer_id: customerId,
    kind,
    gateway_token: `tok_demo_${brand.toLowerCase()}_${last4}`,
    brand,
    last4,
    exp_month: exp?.[0] ?? null,
    exp_year: exp?.[1] ?? null,
    holder_name: holder,
    created_at: ctx.clock.at(-200, 16),
    deleted_at: null,
  };
}

export async function seedBilling(ctx: SeedContext, mailingLocationOf: Record<string, number>): Promise<void> {
  const year = Number(ctx.clock.date(0).slice(0, 4));
  const rhondaMailing = mailingLocationOf[C.residential] ?? 0;
  const acmeMailing = mailingLocationOf[C.business] ?? 0;

  const rhondaCards = [
    card(ctx, C.residential, 'Rhonda Reyes', 'Visa', '4242', [8, year + 2]),
    card(ctx, C.residential, 'Rhonda Reyes', 'Mastercard', '4444', [11, year + 1]),
  ];
  const acmeMethods = [
    card(ctx, C.business, 'Acme Dental Group', 'Checking', '6789', null, 'ach'),
    card(ctx, C.business, 'Dana Diaz', 'Amex', '1005', [3, year + 3]),
  ];
  await ctx.insert('payment_methods', [...rhondaCards, ...acmeMethods]);
  // Rhonda has autopay off; Acme pays by ACH on autopay.
  await ctx.db
    .updateTable('mailing_locations')
    .set({ autopay_payment_method_id: acmeMethods[0]?.id ?? null })
    .where('id', '=', acmeMailing)
    .execute();

  await insertInvoices(
    ctx,
    [-70, -40, -10].map((invoiceDay, i) => ({
      customerId: C.residential,
      mailingLocationId: rhondaMailing,
      group: 7_001 + i,
      invoiceDay,
      dueDay: invoiceDay + 20,
      lines: RESIDENTIAL_LINES,
      paid: i === 0,
    })),
    rhondaCards[0]?.id ?? 0,
    U.residential.id,
  );
  await insertInvoices(
    ctx,
    Array.from({ length: 12 }, (_, i) => {
      const invoiceDay = -5 - 30 * (11 - i);
      return {
        customerId: C.business,
        mailingLocationId: acmeMailing,
        group: 8_001 + i,
        invoiceDay,
        dueDay: invoiceDay + 25,
        lines: BUSINESS_LINES,
        paid: i < 11,
      };
    }),
    acmeMethods[0]?.id ?? 0,
    U.business.id,
  );
  await seedSupport(ctx);
  await seedCallRecords(ctx, ctx.random('call-records'));
}

async function seedSupport(ctx: SeedContext): Promise<void> {
  const c = ctx.clock;
  await ctx.insert('trouble_tickets', [
    {
      customer_id: C.residential,
      service_location_id: L.residential,
      subject: 'Internet drops in the evening',
      description: 'Wi-Fi disconnects for a minute or two most evenings around 8 PM.',
      status: 'Open',
      created_by: U.residential.id,
      created_at: c.at(-3, 1, 15),
    },
    {
      customer_id: C.residential,
      service_location_id: L.residential,
      subject: 'Static on the home phone',
      description: 'Crackling on the line when it rains.',
      status: 'Closed',
      created_by: U.residential.id,
      created_at: c.at(-45, 18),
    },
    {
      customer_id: C.business,
      service_location_id: L.businessBranch,
      subject: 'Fax line busy signal',
      description: 'Incoming faxes to the Jefferson City office get a busy signal.',
      status: 'In Progress',
      created_by: U.business.id,
      created_at: c.at(-6, 16),
    },
  ]);
  const request = (category: string, subject: string, description: string, status: string, day: number) => ({
    customer_id: C.business,
    category,
    subject,
    description,
    status,
    created_by: U.business.id,
    created_at: c.at(day, 15),
    // The dental office's main site (1101 E Broadway), which each of these is about.
    service_location_id: L.businessMain,
  });
  await ctx.insert('business_center_requests', [
    request(
      'Moves, Adds and Changes',
      'Add two handsets',
      'Two new hygienists start next month; add PBX seats 107 and 108.',
      'Open',
      -2,
    ),
    request(
      'Billing',
      'Invoice copy for the accountant',
      'Please email last quarter invoices to our CPA.',
      'Closed',
      -35,
    ),
    request(
      'New Service',
      'Guest Wi-Fi for the waiting room',
      'Quote a separate guest network at 1101 E Broadway.',
      'In Progress',
      -12,
    ),
  ]);
}

const MAIN_NUMBER = '5735550300';
const EXTENSIONS = ['5735550301', '5735550302', '5735550303', '5735550304', '5735550305', '5735550306'];
const LOCAL_CALLERS = ['5734420118', '5738746320', '5734451902', '5736352277', '5738815540', '5736943311'];
const LONG_DISTANCE = ['13145550123', '18165550142', '14175550190', '16605550111'];
const TOLL_FREE = ['18005550199', '18885550123'];

/**
 * About 60 days of calls at the dental office: inbound patients, outbound reminders, some 1+ and 800 calls, all
 * before the load moment.
 */
async function seedCallRecords(ctx: SeedContext, rng: Random): Promise<void> {
  const rows: NewRow<'call_records'>[] = [];
  for (let day = -60; day <= 0; day++) {
    const weekday = new Date(`${ctx.clock.date(day)}T12:00:00Z`).getUTCDay();
    if (weekday === 0) continue;
    const calls = weekday === 6 ? rng.int(2, 6) : rng.int(12, 28);
    for (let n = 0; n < calls; n++) {
      const inbound = rng.chance(0.6);
      const far = inbound
        ? rng.pick([...LOCAL_CALLERS, ...TOLL_FREE])
        : rng.weighted([
            [rng.pick(LOCAL_CALLERS), 6],
            [rng.pick(LONG_DISTANCE), 2],
            [rng.pick(TOLL_FREE), 1],
          ]);
      const near = inbound ? MAIN_NUMBER : rng.pick(EXTENSIONS);
      rows.push({
        customer_id: C.business,
        started_at: ctx.clock.at(day, 13 + rng.int(0, 9), rng.int(0, 59)),
        direction: inbound ? 'inbound' : 'outbound',
        from_number: inbound ? far : near,
        to_number: inbound ? near : far,
        duration_seconds: rng.chance(0.08) ? 0 : rng.int(15, 900),
      });
      const row = rows[rows.length - 1];
      if (row && row.duration_seconds === 0) row.outcome = 'no_answer';
    }
  }
  rows.sort((a, b) => a.started_at.localeCompare(b.started_at));
  // Today's calls later than the load moment have not happened yet (drawn all the same: the PRNG stays in step).
  await ctx.insert(
    'call_records',
    rows.filter((row) => ctx.clock.isPast(row.started_at)),
  );
}
