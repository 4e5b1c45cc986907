/**
 * Step 6b (customer portal): the sandbox payment gateway's vault entries for the demo's saved payment methods, so
 * Rhonda's cards and Acme's accounts can pay in the sandbox like a card added through the portal. Each gets a
 * fingerprint, so saving the same card again is refused. The vault keeps no numbers, only how a token behaves.
 */
import type { SeedContext } from './context.js';

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
      fingerprint: `demo-${m.id}`,
      created_at: m.created_at,
    })),
  );
  for (const m of methods) {
    await ctx.db
      .updateTable('payment_methods')
      .set({ fingerprint: `demo-${m.id}` })
      .where('id', '=', m.id)
      .execute();
  }
}
