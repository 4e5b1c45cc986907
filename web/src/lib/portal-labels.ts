import type { PortalType } from '@strand/domain';

export const PORTAL_LABELS: Record<PortalType, string> = {
  residential: 'Residential',
  business: 'Business',
  installer: 'Installer',
  contractor: 'Contractor',
  staff: 'Staff',
};

export const PORTAL_DESCRIPTIONS: Record<PortalType, string> = {
  residential: 'Your account, services and bills.',
  business: 'Your business account, services, bills and reports.',
  installer: 'Search work orders, scan and manage assets.',
  contractor: 'Your company’s work orders, calendar, maps and restoration tickets.',
  staff: 'Customer look-up and super-user links.',
};
