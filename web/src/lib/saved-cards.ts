/**
 * A signed-in customer's cards on file that can pay now (not expired), for the checkout and the change of packages
 * at a location without a drop. Needs the billing permission: a user without it (or a failed read) has none, and
 * the forms ask for a new card.
 */
import { PaymentMethodListSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

const savedCardsKey = ['customer', 'payment-methods', 'usable-cards'] as const;

const getSavedCardsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: savedCardsKey,
    queryFn: async ({ signal }) => {
      try {
        const methods = await apiRequest('/api/customer/billing/payment-methods', {
          schema: PaymentMethodListSchema,
          signal,
        });
        return methods
          .filter((m) => m.kind === 'card' && !m.expired)
          .map((m) => ({ value: String(m.PaymentMethodID), label: `${m.brand} ending ${m.last4}` }));
      } catch {
        return [];
      }
    },
    enabled,
  });

/** The usable cards as choices of a "Pay with" select (value: the payment method's id). */
export function useSavedCards(enabled: boolean) {
  return useQuery(getSavedCardsQueryOptions(enabled)).data ?? [];
}
