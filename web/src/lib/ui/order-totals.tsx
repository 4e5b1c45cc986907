import { formatCents } from '@strand/domain';

/** A cart's totals as the server priced them: monthly, install, and what is charged today (public and staff orders). */
export function OrderTotals({ cart }: { cart: { monthlyCents: number; oneTimeCents: number; dueTodayCents: number } }) {
  return (
    <dl className="order-totals" aria-live="polite">
      <div>
        <dt>Monthly</dt>
        <dd>{formatCents(cart.monthlyCents)}</dd>
      </div>
      <div>
        <dt>Install (once)</dt>
        <dd>{formatCents(cart.oneTimeCents)}</dd>
      </div>
      <div>
        <dt>Due today (first month and install)</dt>
        <dd>{formatCents(cart.dueTodayCents)}</dd>
      </div>
    </dl>
  );
}

/** A package as an order form offers it: its name, monthly price and install fee (when there is one). */
export const orderPackageLabel = (p: { name: string; monthlyCents: number; installFeeCents: number }) =>
  `${p.name} — ${formatCents(p.monthlyCents)}/month${p.installFeeCents > 0 ? `, install ${formatCents(p.installFeeCents)}` : ''}`;
