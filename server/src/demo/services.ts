/**
 * Step 6c (Services page): the demo accounts' mailboxes on the provider's mail domain, Acme's fax number with one
 * fax-to-email recipient, and three received faxes whose PDFs are real files (written by writeDemoFiles).
 */
import { createHash } from 'node:crypto';
import type { SeedContext } from './context.js';
import type { DemoFile } from './demo-files.js';
import { DEMO } from './demo-ids.js';
import { makePdf } from './file-formats.js';

/** The provider's mail domain (its webmail is WEBMAIL_URL). */
export const MAIL_DOMAIN = 'boonevalleyfiber.example';

const C = DEMO.customers;

function faxFile(name: string, title: string, lines: string[]): DemoFile {
  const bytes = makePdf(title, lines);
  const storageKey = `demo/fax/${name}.pdf`;
  return {
    storageKey,
    fileName: `${name}.pdf`,
    contentType: 'application/pdf',
    bytes,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** The received faxes' PDFs, one page each. */
export const FAX_FILES: readonly DemoFile[] = [
  faxFile('lab-results', 'Columbia Dental Lab - Case 4471', [
    'To: Acme Dental Group, Dr. Dana Diaz',
    'Crown, tooth 14, zirconia, shade A2: ready for pick-up Thursday.',
    'Please call (573)555-0199 with questions.',
  ]),
  faxFile('insurance-preauth', 'Show-Me Dental Insurance - Pre-authorization', [
    'Patient reference: 88-2031',
    'Procedure D2740 approved, 80% coverage after deductible.',
    'Valid for 90 days from the date of this fax.',
  ]),
  faxFile('supply-invoice', 'Mid-Missouri Dental Supply - Invoice 30917', [
    'Gloves (nitrile, M) x 20 boxes, bibs x 4 cases, prophy paste x 2.',
    'Total due: $612.40, net 30.',
  ]),
];

interface MailboxSeed {
  customerId: string;
  local: string;
  owner: string;
  quotaMb: number;
  usedMb: number;
  forwardTo?: string;
  keepCopy?: boolean;
  vacation?: { subject: string; message: string; start: number; end: number };
}

const MAILBOXES: MailboxSeed[] = [
  { customerId: C.residential, local: 'rhonda.reyes', owner: 'Rhonda Reyes', quotaMb: 2048, usedMb: 312 },
  { customerId: C.consumer, local: 'connor.cole', owner: 'Connor Cole', quotaMb: 2048, usedMb: 47 },
  { customerId: C.business, local: 'acme.frontdesk', owner: 'Acme Front Desk', quotaMb: 10240, usedMb: 6120 },
  {
    customerId: C.business,
    local: 'acme.billing',
    owner: 'Bill Bates',
    quotaMb: 5120,
    usedMb: 880,
    forwardTo: 'bill.bates@acmedental.example',
    keepCopy: true,
  },
  {
    customerId: C.business,
    local: 'acme.drdiaz',
    owner: 'Dana Diaz',
    quotaMb: 5120,
    usedMb: 1490,
    vacation: {
      subject: 'Out of the office',
      message: 'I am away from the office. For appointments please call the front desk at (573)555-0100.',
      start: -2,
      end: 12,
    },
  },
];

export async function seedServices(ctx: SeedContext): Promise<void> {
  const now = ctx.clock.at(-1, 15, 0);
  await ctx.insert(
    'email_accounts',
    MAILBOXES.map((m) => ({
      id: ctx.ids.next('email_accounts'),
      address: `${m.local}@${MAIL_DOMAIN}`,
      customer_id: m.customerId,
      owner_name: m.owner,
      quota_mb: m.quotaMb,
      used_mb: m.usedMb,
      password_hash: ctx.passwordHash,
      forward_to: m.forwardTo ?? null,
      keep_copy: m.keepCopy ? 1 : 0,
      vacation_enabled: m.vacation ? 1 : 0,
      vacation_subject: m.vacation?.subject ?? '',
      vacation_message: m.vacation?.message ?? '',
      vacation_start: m.vacation ? ctx.clock.date(m.vacation.start) : null,
      vacation_end: m.vacation ? ctx.clock.date(m.vacation.end) : null,
      updated_at: now,
    })),
  );

  const faxNumberId = ctx.ids.next('fax_numbers');
  await ctx.insert('fax_numbers', [
    {
      id: faxNumberId,
      number: '5735550188',
      customer_id: C.business,
      service_location_id: DEMO.serviceLocations.businessMain,
      updated_at: now,
    },
  ]);
  await ctx.insert('fax_email_addresses', [
    {
      id: ctx.ids.next('fax_email_addresses'),
      fax_number_id: faxNumberId,
      email: 'frontdesk@acmedental.example',
      created_at: now,
    },
  ]);
  const senders = ['5735550199', '8005550143', '5735550166'];
  await ctx.insert(
    'faxes_received',
    FAX_FILES.map((f, i) => ({
      id: ctx.ids.next('faxes_received'),
      fax_number_id: faxNumberId,
      from_number: senders[i] ?? '5735550100',
      received_at: ctx.clock.at(-1 - i * 3, 14 + i, 5 + i * 7),
      pages: 1,
      storage_key: f.storageKey,
      size_bytes: f.sizeBytes,
      sha256: f.sha256,
    })),
  );
}
