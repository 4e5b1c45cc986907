/**
 * Step 6b (customer portal): the sandbox payment gateway's vault entries for the demo's saved payment methods, so
 * Rhonda's cards and Acme's accounts can pay in the sandbox like a card added through the portal. Each gets a
 * fingerprint, shared with the sandbox's test card of that brand and last four, so saving it again is refused. The vault keeps no numbers, only how a token behaves.
 */
import type { SeedContext } from './context.js';

/** One fingerprint per demo card or account (brand and last four): the sandbox gives it to that test card too. */
const demoPrint = (m: { kind: string; brand: string; last4: string }) => `demo-${m.kind}-${m.brand}-${m.last4}`;

export async function seedCustomerPortal(ctx: SeedContext): Promise<void> {
  const methods = await ctx.db
    .selectFrom('payment_methods')
    .select(['id', 'kind', 'gateway_token', 'brand', 'last4', 'created_at'])
    .orderBy('id')
    .execute();
  await ctx.insert(
    'sandbox_gateway_tokens',
    methods.map((m) => ({
      token: m.gateway_token,
      kind: m.kind === 'card' ? 'card' : 'bank',
      brand: m.brand,
      last4: m.last4,
      behaviour: 'approve',
      fingerprint: demoPrint(m),
      created_at: m.created_at,
    })),
  );
  for (const m of methods) {
    await ctx.db
      .updateTable('payment_methods')
      .set({ fingerprint: demoPrint(m) })
      .where('id', '=', m.id)
      .execute();
  }
}
