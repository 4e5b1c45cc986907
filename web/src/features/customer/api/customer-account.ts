import { customerAccountKey } from '../../../lib/customer-account';

export { newIdempotencyKey } from '../../../lib/api-client';
export { can, useCustomerAccount } from '../../../lib/customer-account';

export const customerKeys = {
  account: customerAccountKey,
  contacts: ['customer', 'contacts'] as const,
  contactLinks: (id: number) => ['customer', 'contacts', id, 'locations'] as const,
  users: ['customer', 'users'] as const,
  permissions: (userId: number) => ['customer', 'users', userId, 'permissions'] as const,
  tickets: (serviceLocationId: number) => ['customer', 'trouble-tickets', serviceLocationId] as const,
  businessCenter: ['customer', 'business-center'] as const,
  bills: ['customer', 'billing', 'bills'] as const,
  history: (mailingLocationId: number) => ['customer', 'billing', 'history', mailingLocationId] as const,
  methods: ['customer', 'billing', 'payment-methods'] as const,
  autopay: ['customer', 'billing', 'autopay'] as const,
  mailing: ['customer', 'billing', 'mailing-locations'] as const,
};
