/** Permission categories of customer users (SPEC §6, §7 getPermissionCategories / updatePermissions). */

export const PERMISSION_CATEGORIES = [
  { code: 'account-contacts', name: 'Contacts', description: 'View and change contact methods and their locations.' },
  { code: 'account-users', name: 'Users', description: 'Add users and set their permissions.' },
  { code: 'billing-view', name: 'View bills', description: 'See bills, invoices, payment history and autopay.' },
  { code: 'billing-pay', name: 'Pay bills', description: 'Pay bills, manage payment methods and autopay.' },
  { code: 'services', name: 'Services', description: 'Manage email, fax and other services.' },
  { code: 'tickets', name: 'Trouble tickets', description: 'See and submit trouble tickets.' },
  { code: 'business-center', name: 'Business center', description: 'See and create business-center requests.' },
  { code: 'reports', name: 'Reports', description: 'See phone and business reports.' },
] as const;

export type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number]['code'];

export const ALL_PERMISSIONS: PermissionCategory[] = PERMISSION_CATEGORIES.map((c) => c.code);
export const BILLING_PERMISSIONS: PermissionCategory[] = ['billing-view', 'billing-pay'];
