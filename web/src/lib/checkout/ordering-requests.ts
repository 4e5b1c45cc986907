/**
 * The public ordering calls both checkouts make (the address check, the cart and its install windows): a visitor's
 * without the session (`auth` false), staff's phone sale with it. Each feature keeps its own query keys and hooks.
 */
import { type AvailabilityRequest, AvailabilityResultSchema, CartSchema, InstallWindowsSchema } from '@strand/domain';
import { apiRequest } from '../api-client';

const cartPath = (cartId: string) => `/api/ordering/carts/${encodeURIComponent(cartId)}`;

export function orderingRequests(auth: boolean) {
  return {
    checkAvailability: (body: AvailabilityRequest) =>
      apiRequest('/api/ordering/availability', { method: 'POST', body, schema: AvailabilityResultSchema, auth }),
    createCart: (checkId: string) =>
      apiRequest('/api/ordering/carts', { method: 'POST', body: { checkId }, schema: CartSchema, auth }),
    getCart: (cartId: string, signal?: AbortSignal) =>
      apiRequest(cartPath(cartId), { schema: CartSchema, signal, auth }),
    updateCart: (cartId: string, packageIds: number[]) =>
      apiRequest(cartPath(cartId), { method: 'PUT', body: { packageIds }, schema: CartSchema, auth }),
    installWindows: (cartId: string, signal?: AbortSignal) =>
      apiRequest(`${cartPath(cartId)}/install-windows`, { schema: InstallWindowsSchema, signal, auth }),
  };
}
