/**
 * Step 6d (issue 14, DEMO-DATA.md's additions): the `wholesale` customer (Ozark Regional Networks, a regional carrier
 * leasing circuits) with its sign-in user, five wholesale circuits in every state and a year of monthly usage for
 * viewWholesaleReport; Acme's TV package (its TV app credentials come from the TV middleware); and faxes Acme sent in
 * every state (sent, sent after a busy line, failed, queued), their files real PDFs written by writeDemoFiles.
 */
import { createHash } from 'node:crypto';
import { ALL_PERMISSIONS, addMonths } from '@strand/domain';
import type { NewRow } from '../db/database.js';
import { PACKAGE_IDS } from './catalog.js';
import type { SeedContext } from './context.js';
import type { DemoFile } from './demo-files.js';
import { DEMO } from './demo-ids.js';
import { makePdf } from './file-formats.js';
import { type Address, mailingLocationRow, serviceLocationRow } from './locations.js';

/** The wholesale demo account and its sign-in (README lists them). */
export const WHOLESALE = {
  customerId: '1000-5000-0001',
  name: 'Ozark Regional Networks',
  username: 'wholesale',
  firstName: 'Wade',
  lastName: 'Whitaker',
  email: 'wade.whitaker@ozarkregional.example',
} as const;

const WHOLESALE_POP: Address = {
  address: '601 Business Loop 70 W',
  address2: 'Suite 110',
  city: 'Columbia',
  zip: '65203',
  latitude: 38.9627,
  longitude: -92.3381,
};

interface CircuitSeed {
  circuitId: string;
  a: string;
  z: string;
  mbps: number;
  rateCents: number;
  status: 'Active' | 'Pending' | 'Disconnected';
  /** Months before the current one the circuit started (negative: starts in the future, in days). */
  startMonthsAgo: number;
  /** Months before the current one it was disconnected. */
  endMonthsAgo?: number;
}

export const WHOLESALE_CIRCUITS: readonly CircuitSeed[] = [
  {
    circuitId: 'ORN-WS-1001',
    a: 'Columbia CO, 1001 E Walnut St',
    z: 'Jefferson City POP, 2316 Missouri Blvd',
    mbps: 1000,
    rateCents: 145_000,
    status: 'Active',
    startMonthsAgo: 26,
  },
  {
    circuitId: 'ORN-WS-1002',
    a: 'Columbia CO, 1001 E Walnut St',
    z: 'Kansas City carrier hotel, 1102 Grand Blvd',
    mbps: 10_000,
    rateCents: 480_000,
    status: 'Active',
    startMonthsAgo: 18,
  },
  {
    circuitId: 'ORN-WS-1003',
    a: 'Fulton hut, 4 Court St',
    z: 'Columbia CO, 1001 E Walnut St',
    mbps: 500,
    rateCents: 85_000,
    status: 'Active',
    startMonthsAgo: 7,
  },
  {
    circuitId: 'ORN-WS-1004',
    a: 'Moberly cabinet, 101 W Reed St',
    z: 'Columbia CO, 1001 E Walnut St',
    mbps: 1000,
    rateCents: 120_000,
    status: 'Pending',
    startMonthsAgo: -1,
  },
  {
    circuitId: 'ORN-WS-1005',
    a: 'Ashland cabinet, 109 E Broadway',
    z: 'Columbia CO, 1001 E Walnut St',
    mbps: 100,
    rateCents: 40_000,
    status: 'Disconnected',
    startMonthsAgo: 30,
    endMonthsAgo: 5,
  },
];

// ---- Acme's sent faxes --------------------------------------------------------------------------------------------

function pdfFile(storageKey: string, title: string, lines: string[]): DemoFile {
  const bytes = makePdf(title, lines);
  return {
    storageKey,
    fileName: storageKey.split('/').pop() ?? 'fax.pdf',
    contentType: 'application/pdf',
    bytes,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

const cover = (key: string, to: string, note: string) =>
  pdfFile(`demo/fax-sent/${key}/0.pdf`, 'FAX', [
    'From: Acme Dental Group, fax (573)555-0188',
    `To: ${to}`,
    'Pages: 1 after this cover page',
    note,
  ]);

interface SentFaxSeed {
  key: string;
  to: string;
  status: 'queued' | 'sent' | 'failed';
  /** Days before today it was sent from the portal, and the hour (UTC). */
  day: number;
  hour: number;
  coverNote: string | null;
  document: DemoFile;
  /** Carrier calls: outcome and minutes after the fax was queued. */
  calls: { outcome: 'sent' | 'busy' | 'no-answer'; after: number; detail: string | null }[];
  reason: string | null;
  retries?: number;
}

const SENT_FAXES: SentFaxSeed[] = [
  {
    key: 'lab-order',
    to: '5735550177',
    status: 'sent',
    day: -6,
    hour: 15,
    coverNote: 'Lab order for patient 88-2031; please confirm the shade.',
    document: pdfFile('demo/fax-sent/lab-order/1.pdf', 'Acme Dental Group - Lab order', [
      'Columbia Dental Lab, case 4471',
      'Crown, tooth 14, zirconia, shade A2.',
      'Needed by Thursday.',
    ]),
    calls: [{ outcome: 'sent', after: 1, detail: null }],
    reason: null,
  },
  {
    key: 'referral',
    to: '5735550113',
    status: 'sent',
    day: -3,
    hour: 16,
    coverNote: null,
    document: pdfFile('demo/fax-sent/referral/0.pdf', 'Referral - Dr. Dana Diaz', [
      'Referral to Mid-Missouri Oral Surgery for extraction of tooth 32.',
      'Panoramic X-ray enclosed on request.',
    ]),
    calls: [
      { outcome: 'busy', after: 1, detail: 'The line was busy.' },
      { outcome: 'sent', after: 3, detail: null },
    ],
    reason: null,
  },
  {
    key: 'insurance-claim',
    to: '5735550162',
    status: 'failed',
    day: -1,
    hour: 14,
    coverNote: 'Claim for patient 88-2031, procedure D2740.',
    document: pdfFile('demo/fax-sent/insurance-claim/1.pdf', 'Claim form - Show-Me Dental Insurance', [
      'Patient reference: 88-2031',
      'Procedure D2740, tooth 14. Pre-authorization 55-1190.',
    ]),
    calls: [
      { outcome: 'no-answer', after: 1, detail: 'Nobody answered after 60 seconds.' },
      { outcome: 'no-answer', after: 2, detail: 'Nobody answered after 60 seconds.' },
      { outcome: 'no-answer', after: 5, detail: 'Nobody answered after 60 seconds.' },
    ],
    reason: 'Nobody answered after 60 seconds. Gave up after 3 tries.',
  },
  {
    key: 'supply-order',
    to: '5735550111',
    status: 'queued',
    day: 0,
    hour: -1,
    coverNote: null,
    document: pdfFile('demo/fax-sent/supply-order/0.pdf', 'Purchase order 2207', [
      'Mid-Missouri Dental Supply',
      'Nitrile gloves (M) x 20 boxes, bibs x 4 cases.',
    ]),
    calls: [{ outcome: 'busy', after: 0, detail: 'The line was busy.' }],
    reason: 'The line was busy.',
  },
];

const COVERS: Record<string, DemoFile> = {
  'lab-order': cover('lab-order', '(573)555-0177', 'Lab order for patient 88-2031; please confirm the shade.'),
  'insurance-claim': cover('insurance-claim', '(573)555-0162', 'Claim for patient 88-2031, procedure D2740.'),
};

/** The files of the demo's sent faxes (written by writeDemoFiles). */
export const SENT_FAX_FILES: readonly DemoFile[] = [...Object.values(COVERS), ...SENT_FAXES.map((f) => f.document)];

export async function seedCustomerServices(ctx: SeedContext): Promise<void> {
  await seedWholesale(ctx);
  await seedBusinessTv(ctx);
  await seedSentFaxes(ctx);
}

async function seedWholesale(ctx: SeedContext): Promise<void> {
  const W = WHOLESALE;
  await ctx.insert('customers', [
    {
      id: W.customerId,
      name: W.name,
      // A wholesale customer is a Business account that leases circuits (docs/architecture.md).
      customer_type: 'Business',
      status: 'Active',
      created_at: ctx.clock.at(-900, 16),
    },
  ]);
  const location = serviceLocationRow(ctx, W.customerId, WHOLESALE_POP);
  await ctx.insert('service_locations', [location]);
  const mailing = mailingLocationRow(ctx, W.customerId, WHOLESALE_POP);
  await ctx.insert('mailing_locations', [mailing]);
  const userId = ctx.ids.next('users');
  await ctx.insert('users', [
    {
      id: userId,
      username: W.username,
      email: W.email,
      password_hash: ctx.passwordHash,
      first_name: W.firstName,
      last_name: W.lastName,
      customer_id: W.customerId,
      is_admin: 1,
      is_staff: 0,
      staff_roles: '',
      employee_id: null,
      installer: 0,
      contractor_id: 0,
      noc_location_id: null,
      active_service_location_id: location.id,
      active_mailing_location_id: mailing.id,
      disabled: 0,
      created_at: ctx.clock.at(-400, 15),
      updated_at: ctx.clock.at(-30, 15),
    },
  ]);
  await ctx.insert(
    'user_permissions',
    ALL_PERMISSIONS.map((category) => ({ user_id: userId, category })),
  );
  await ctx.insert('contact_methods', [
    {
      id: ctx.ids.next('contact_methods'),
      customer_id: W.customerId,
      category: 'Primary',
      name: `${W.firstName} ${W.lastName}`,
      phone: '5735550420',
      phone2: null,
      email: W.email,
    },
  ]);

  const currentMonth = ctx.clock.date(0).slice(0, 7);
  const rng = ctx.random('wholesale');
  const services: (NewRow<'wholesale_services'> & { id: number })[] = WHOLESALE_CIRCUITS.map((c) => ({
    id: ctx.ids.next('wholesale_services'),
    customer_id: W.customerId,
    circuit_id: c.circuitId,
    a_endpoint: c.a,
    z_endpoint: c.z,
    bandwidth_mbps: c.mbps,
    monthly_rate_cents: c.rateCents,
    status: c.status,
    start_date:
      c.startMonthsAgo < 0
        ? ctx.clock.date(20)
        : `${addMonths(currentMonth, -c.startMonthsAgo)}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    end_date: c.endMonthsAgo === undefined ? null : `${addMonths(currentMonth, -c.endMonthsAgo)}-15`,
    created_at: ctx.clock.at(-900, 16),
  }));
  await ctx.insert('wholesale_services', services);

  // A year of usage (the 12 months before this one, and this one so far) for every circuit in service then.
  const usage: NewRow<'wholesale_usage'>[] = [];
  for (let ago = 12; ago >= 0; ago--) {
    const month = addMonths(currentMonth, -ago);
    for (const [i, c] of WHOLESALE_CIRCUITS.entries()) {
      const s = services[i];
      if (!s || c.startMonthsAgo < ago || (c.endMonthsAgo !== undefined && ago < c.endMonthsAgo)) continue;
      const partial = c.startMonthsAgo === ago || c.endMonthsAgo === ago || ago === 0;
      const share = partial ? 0.5 : 1;
      // Utilisation between 25 % and 70 % of the circuit, more in the autumn.
      const load = (0.25 + rng.next() * 0.35 + (month.endsWith('-10') || month.endsWith('-11') ? 0.1 : 0)) * share;
      const gbPerMonthAtFull = (c.mbps * 86_400 * 30) / 8 / 1000;
      const inGb = Math.round(gbPerMonthAtFull * load * (0.9 + rng.next() * 0.2));
      const outGb = Math.round(inGb * (0.55 + rng.next() * 0.3));
      usage.push({
        wholesale_service_id: s.id,
        month,
        in_gb: inGb,
        out_gb: outGb,
        peak_mbps: Math.min(c.mbps, Math.round(c.mbps * (0.6 + rng.next() * 0.38))),
        availability_bp: rng.chance(0.15) ? 9950 + rng.int(0, 39) : 9990 + rng.int(0, 10),
        billed_cents: partial && ago !== 0 ? Math.round(c.rateCents / 2) : c.rateCents,
      });
    }
  }
  await ctx.insert('wholesale_usage', usage);
}

async function seedBusinessTv(ctx: SeedContext): Promise<void> {
  await ctx.insert('service_location_packages', [
    {
      service_location_id: DEMO.serviceLocations.businessMain,
      package_id: PACKAGE_IDS.tvPlus,
      order_id: null,
      start_date: ctx.clock.date(-120),
      last_invoiced: ctx.clock.date(-10),
      active: 1,
    },
  ]);
}

async function seedSentFaxes(ctx: SeedContext): Promise<void> {
  const faxNumber = await ctx.db
    .selectFrom('fax_numbers')
    .select('id')
    .where('customer_id', '=', DEMO.customers.business)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const minutes = (iso: string, n: number) => new Date(Date.parse(iso) + n * 60_000).toISOString();
  const faxes: NewRow<'sent_faxes'>[] = [];
  const files: NewRow<'sent_fax_files'>[] = [];
  const attempts: NewRow<'sent_fax_attempts'>[] = [];
  for (const f of SENT_FAXES) {
    const id = ctx.ids.next('sent_faxes');
    // The queued one was sent from the portal an hour before the load and waits for its next try.
    const created =
      f.status === 'queued' ? new Date(ctx.clock.now - 60 * 60_000).toISOString() : ctx.clock.at(f.day, f.hour, 10);
    const coverFile = COVERS[f.key];
    const documents = coverFile ? [coverFile, f.document] : [f.document];
    const last = f.calls[f.calls.length - 1];
    faxes.push({
      id,
      fax_number_id: faxNumber.id,
      customer_id: DEMO.customers.business,
      to_number: f.to,
      cover_page: coverFile ? 1 : 0,
      cover_note: f.coverNote ?? '',
      pages: documents.length,
      size_bytes: documents.reduce((sum, d) => sum + d.sizeBytes, 0),
      status: f.status,
      attempts: f.calls.length,
      carrier_calls: f.calls.length,
      retries: f.retries ?? 0,
      next_attempt_at: f.status === 'queued' ? new Date(ctx.clock.now + 30 * 60_000).toISOString() : null,
      claim_token: null,
      claimed_at: null,
      call_id: null,
      reason: f.reason,
      created_by: DEMO.users.business.id,
      idempotency_key: `demo-fax-${f.key}`,
      created_at: created,
      updated_at: last ? minutes(created, last.after) : created,
      sent_at: f.status === 'sent' && last ? minutes(created, last.after) : null,
    });
    documents.forEach((d, position) => {
      files.push({
        sent_fax_id: id,
        position,
        kind: d === coverFile ? 'cover' : 'document',
        name: d === coverFile ? 'cover-page.pdf' : `${f.key}.pdf`,
        content_type: 'application/pdf',
        pages: 1,
        storage_key: d.storageKey,
        size_bytes: d.sizeBytes,
        sha256: d.sha256,
      });
    });
    f.calls.forEach((c, n) => {
      attempts.push({
        sent_fax_id: id,
        call_id: `fax-${id}-${n + 1}`,
        at: minutes(created, c.after),
        outcome: c.outcome,
        detail: c.detail,
      });
    });
  }
  await ctx.insert('sent_faxes', faxes);
  await ctx.insert('sent_fax_files', files);
  await ctx.insert('sent_fax_attempts', attempts);
}
