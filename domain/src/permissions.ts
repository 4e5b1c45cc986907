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

/**
 * Categories that only make sense together with another one (issue 28): paying bills without seeing them leaves a
 * user with pages that contradict each other. The server refuses such a set (400 naming the field) and the
 * permissions form says so before sending.
 */
const PERMISSION_NEEDS: readonly { category: PermissionCategory; needs: PermissionCategory }[] = [
  { category: 'billing-pay', needs: 'billing-view' },
];

const categoryName = (code: PermissionCategory) => PERMISSION_CATEGORIES.find((c) => c.code === code)?.name ?? code;

/** Plain messages for each category in `list` whose companion is missing; empty when the set holds together. */
export function permissionConflicts(list: readonly PermissionCategory[]): string[] {
  const held = new Set(list);
  return PERMISSION_NEEDS.filter((rule) => held.has(rule.category) && !held.has(rule.needs)).map(
    (rule) => `“${categoryName(rule.category)}” needs “${categoryName(rule.needs)}” too: tick both or neither.`,
  );
}
