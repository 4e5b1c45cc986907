/**
 * The embedded sandbox payment gateway. It behaves like a processor in test mode: it tokenizes only its test
 * numbers (Luhn and expiry are checked before, by the billing module), keeps a vault of token -> behaviour (never the
 * number), and a ledger of one charge per idempotency key. The "fail" numbers answer nothing (an outage), so the
 * portal's retry and reconciliation paths can be seen working. Its tables live in the portal's database but are
 * written outside the portal's transactions, as a remote processor's records would be.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { cardDigits } from '@strand/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import {
  type ChargeOutcome,
  GatewayUnavailableError,
  type PaymentGateway,
  type RefundOutcome,
  type TokenizeResult,
} from './payment-gateway.js';
import {
  DECLINE_MESSAGES,
  SANDBOX_TEST_ACCOUNTS,
  SANDBOX_TEST_CARDS,
  type SandboxBehaviour,
} from './sandbox-test-numbers.js';

export const SANDBOX_ONLY_MESSAGE =
  'This portal uses a sandbox payment gateway: use one of its test numbers (see docs/demo.md, “Payments in the sandbox”).';

type ChargeRow = { id: string; token: string; amount_cents: number; status: string; decline_code: string | null };

function outcomeOf(row: ChargeRow): ChargeOutcome {
  if (row.status === 'succeeded') return { status: 'succeeded', reference: row.id };
  const code = row.decline_code ?? 'decline';
  return { status: 'declined', code, message: DECLINE_MESSAGES[code as keyof typeof DECLINE_MESSAGES] ?? code };
}

export function createSandboxGateway(db: Kysely<Database>, secret: string, now: () => Date): PaymentGateway {
  const fingerprintKey = createHmac('sha256', secret).update('sandbox-gateway-fingerprints').digest();
  const fingerprint = (text: string) => createHmac('sha256', fingerprintKey).update(text).digest('hex').slice(0, 32);

  async function vault(
    kind: 'card' | 'bank',
    brand: string,
    last4: string,
    behaviour: SandboxBehaviour,
    print: string,
  ) {
    // The demo's saved methods (seeded without their numbers) stand for the test card or account with the same
    // brand and last four: they share its fingerprint, so saving that card again is refused like any duplicate.
    const demo = await db
      .selectFrom('sandbox_gateway_tokens')
      .select('fingerprint')
      .where('kind', '=', kind)
      .where('brand', '=', brand)
      .where('last4', '=', last4)
      .where('fingerprint', 'like', 'demo-%')
      .executeTakeFirst();
    const fingerprint = demo?.fingerprint ?? print;
    const token = `tok_sbx_${randomBytes(12).toString('hex')}`;
    await db
      .insertInto('sandbox_gateway_tokens')
      .values({ token, kind, brand, last4, behaviour, fingerprint, created_at: now().toISOString() })
      .execute();
    return { token, brand, last4, fingerprint };
  }

  const chargeByKey = (key: string) =>
    db
      .selectFrom('sandbox_gateway_charges')
      .select(['id', 'token', 'amount_cents', 'status', 'decline_code'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();

  return {
    name: 'sandbox',

    async tokenizeCard(card): Promise<TokenizeResult> {
      const digits = cardDigits(card.number) ?? '';
      const test = SANDBOX_TEST_CARDS.find((c) => c.number === digits);
      if (!test) return { ok: false, field: 'cardNumber', message: SANDBOX_ONLY_MESSAGE };
      const method = await vault('card', test.brand, digits.slice(-4), test.behaviour, fingerprint(`card:${digits}`));
      return { ok: true, method };
    },

    async tokenizeBankAccount(account): Promise<TokenizeResult> {
      const test = SANDBOX_TEST_ACCOUNTS.find((a) => a.number === account.accountNumber);
      if (!test) return { ok: false, field: 'accountNumber', message: SANDBOX_ONLY_MESSAGE };
      const print = fingerprint(`bank:${account.routingNumber}:${account.accountNumber}`);
      const method = await vault('bank', account.accountType, account.accountNumber.slice(-4), test.behaviour, print);
      return { ok: true, method };
    },

    async charge(request): Promise<ChargeOutcome> {
      const earlier = await chargeByKey(request.idempotencyKey);
      if (earlier) {
        if (earlier.token !== request.token || earlier.amount_cents !== request.amountCents) {
          throw new Error('sandbox gateway: an idempotency key was reused with different parameters');
        }
        return outcomeOf(earlier);
      }
      const tokenRow = await db
        .selectFrom('sandbox_gateway_tokens')
        .select('behaviour')
        .where('token', '=', request.token)
        .executeTakeFirst();
      if (!tokenRow) {
        return { status: 'declined', code: 'token_not_found', message: 'The payment method is not on file.' };
      }
      const behaviour = tokenRow.behaviour as SandboxBehaviour;
      if (behaviour === 'fail') throw new GatewayUnavailableError('sandbox: the test number simulates an outage');
      await db
        .insertInto('sandbox_gateway_charges')
        .values({
          id: `ch_sbx_${randomBytes(12).toString('hex')}`,
          idempotency_key: request.idempotencyKey,
          token: request.token,
          amount_cents: request.amountCents,
          status: behaviour === 'approve' ? 'succeeded' : 'declined',
          decline_code: behaviour === 'approve' ? null : behaviour,
          created_at: now().toISOString(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      // Two concurrent calls with one key: both answer with the row that won.
      const row = await chargeByKey(request.idempotencyKey);
      if (!row) throw new GatewayUnavailableError();
      return outcomeOf(row);
    },

    async findCharge(idempotencyKey) {
      const row = await chargeByKey(idempotencyKey);
      return row ? outcomeOf(row) : null;
    },

    async refund(request): Promise<RefundOutcome> {
      const refundByKey = () =>
        db
          .selectFrom('sandbox_gateway_refunds')
          .select(['id', 'charge_id', 'amount_cents'])
          .where('idempotency_key', '=', request.idempotencyKey)
          .executeTakeFirst();
      const earlier = await refundByKey();
      if (earlier) {
        if (earlier.charge_id !== request.chargeReference || earlier.amount_cents !== request.amountCents) {
          throw new Error('sandbox gateway: a refund key was reused with different parameters');
        }
        return { status: 'refunded', reference: earlier.id };
      }
      const charge = await db
        .selectFrom('sandbox_gateway_charges')
        .select(['id', 'amount_cents', 'status'])
        .where('id', '=', request.chargeReference)
        .executeTakeFirst();
      if (charge?.status !== 'succeeded') {
        return { status: 'refused', message: 'The gateway has no succeeded charge with that reference.' };
      }
      const refunded = await db
        .selectFrom('sandbox_gateway_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('total'))
        .where('charge_id', '=', charge.id)
        .executeTakeFirst();
      if (request.amountCents <= 0 || Number(refunded?.total ?? 0) + request.amountCents > charge.amount_cents) {
        return { status: 'refused', message: 'The refund would be more than what is left of the charge.' };
      }
      await db
        .insertInto('sandbox_gateway_refunds')
        .values({
          id: `re_sbx_${randomBytes(12).toString('hex')}`,
          idempotency_key: request.idempotencyKey,
          charge_id: charge.id,
          amount_cents: request.amountCents,
          created_at: now().toISOString(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const row = await refundByKey();
      if (!row) throw new GatewayUnavailableError();
      return { status: 'refunded', reference: row.id };
    },
  };
}
