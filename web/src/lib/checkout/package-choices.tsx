/**
 * The cart's package choices (public checkout and the staff phone sale): one internet speed (radios), the extras
 * (checkboxes), what saving refused, and the totals as the server priced them. Every change is saved to the cart.
 */
import type { Cart } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../api-error';
import { FormAlert } from '../ui/form-alert';
import { OrderTotals, orderPackageLabel } from '../ui/order-totals';

export interface PackageChoicesProps {
  cart: Cart;
  /** Saves the cart's package ids (the server answers the cart as it now is). */
  save(packageIds: number[]): Promise<unknown>;
  /** Prefix of the inputs' ids ("pkg", "sale-pkg") and the internet radios' name ("internet", "sale-internet"). */
  idPrefix: string;
  internetName: string;
  /** The extras' legend ("Add to your service", "Add to the service"). */
  extrasLegend: string;
}

export function PackageChoices({ cart, save, idPrefix, internetName, extrasLegend }: PackageChoicesProps) {
  const [error, setError] = useState<string | null>(null);
  const ids = cart.lines.map((l) => l.packageId);
  const isInternet = (id: number) => cart.available.find((p) => p.id === id)?.category === 'internet';
  const change = (next: number[]) => {
    setError(null);
    save(next).catch((e) => setError(errorMessage(e)));
  };
  const group = (legend: string, internet: boolean) => {
    const list = cart.available.filter((p) => (p.category === 'internet') === internet);
    if (list.length === 0) return null;
    return (
      <fieldset className="order-choices">
        <legend>{legend}</legend>
        {list.map((p) => (
          <div className="field field--check" key={p.id}>
            <input
              id={`${idPrefix}-${p.id}`}
              type={internet ? 'radio' : 'checkbox'}
              name={internet ? internetName : undefined}
              checked={ids.includes(p.id)}
              onChange={(e) =>
                change(
                  internet
                    ? [p.id, ...ids.filter((x) => !isInternet(x))]
                    : e.target.checked
                      ? [...ids, p.id]
                      : ids.filter((x) => x !== p.id),
                )
              }
            />
            <label htmlFor={`${idPrefix}-${p.id}`}>{orderPackageLabel(p)}</label>
          </div>
        ))}
      </fieldset>
    );
  };
  return (
    <>
      {group('Internet speed', true)}
      {group(extrasLegend, false)}
      <FormAlert message={error} />
      <OrderTotals cart={cart} />
    </>
  );
}
