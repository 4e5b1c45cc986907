import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (4xx) are answers, not hiccups: only network and server errors are retried, twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * What an order changes beyond the orders feature's own answers, by the first part of their query keys (features
 * never import each other): Services shows a location's packages (`['services', …]`), the Billing Center the
 * payments and invoices (`['customer', 'billing', …]`). A change of packages or a cancel refreshes them.
 */
export const ORDER_TOUCHES: readonly (readonly string[])[] = [['services'], ['customer', 'billing']];
