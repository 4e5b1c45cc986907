/**
 * Placing a checkout (public and staff): the body's card payment, the install rules the schema states less plainly,
 * and what a refused attempt does to the Idempotency-Key and to the cart and windows on screen.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from '../api-error';
import type { CardValues, InstallValues } from './checkout-fields';

/** A new card as the checkout body's payment. */
export const cardPaymentOf = (values: CardValues) => ({
  kind: 'card',
  holderName: values.holderName,
  cardNumber: values.cardNumber,
  expMonth: values.expMonth,
  expYear: values.expYear,
  cvc: values.cvc,
  postalCode: values.postalCode,
});

/** The install day and window must be chosen (said plainly, before the schema's words). */
export function installRules(values: InstallValues): Record<string, string> {
  const r: Record<string, string> = {};
  if (values.installDate === '') r.installDate = 'Choose an install day.';
  if (values.installWindow === '') r.installWindow = 'Choose an install window.';
  return r;
}

export interface CheckoutRefusal {
  queryClient: QueryClient;
  /** Starts a new attempt: the next click gets a new Idempotency-Key. */
  resetKey(): void;
  cartKey: QueryKey;
  windowsKey: QueryKey;
}

/**
 * Runs the checkout call. A refused order stored nothing: the next attempt is a new one (a new key). A lost answer
 * (503, no network) is retried with the same key, so it cannot charge twice. Changed prices reload the cart; a
 * conflict (a full window among them) reloads the install windows. The error goes on to the form.
 */
export async function placeCheckout<T>(run: () => Promise<T>, refusal: CheckoutRefusal): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && error.status !== 503) refusal.resetKey();
    if (error instanceof ApiError && error.code === 'prices_changed') {
      await refusal.queryClient.invalidateQueries({ queryKey: refusal.cartKey });
    }
    if (error instanceof ApiError && error.status === 409) {
      await refusal.queryClient.invalidateQueries({ queryKey: refusal.windowsKey });
    }
    throw error;
  }
}
