/** Weights and phrases for the background population. */
import { PACKAGE_IDS } from './catalog.js';

/** Work-order types of residential and consumer locations, with how often each occurs. */
export const CONSUMER_TYPE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['Consumer Fiber Install', 22],
  ['Consumer Site Survey', 12],
  ['Consumer Drop Construction', 10],
  ['Consumer Splicing', 8],
  ['Dispatch', 6],
  ['TV Install', 5],
  ['Yard Complaint', 5],
  ['Bury Temp Drop', 4],
  ['Bury Hybrid Drop', 3],
  ['Connectorized Install', 3],
  ['MST Splicing', 3],
  ['Coiled Drop', 2],
  ['Residential Colo Install', 2],
  ['Special Request Work Order', 2],
  ['Splice Field Splitter', 1],
  ['Backbone Splice', 1],
];

export const BUSINESS_TYPE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['Business Fiber Install', 25],
  ['Business Site Survey', 15],
  ['Business Construction', 12],
  ['Business Install', 10],
  ['Business Splicing', 10],
  ['Dispatch', 10],
  ['HPBX Site Survey', 8],
  ['Business TV Install', 5],
  ['Business Colo Install', 5],
];

export const CUSTOMER_TYPE_WEIGHTS: readonly (readonly ['Residential' | 'Consumer' | 'Business', number])[] = [
  ['Residential', 75],
  ['Consumer', 15],
  ['Business', 10],
];

/** Contractor company of a background order (null: the provider's installers do it). */
export const CONTRACTOR_WEIGHTS: readonly (readonly [number | null, number])[] = [
  [null, 76],
  [1, 3],
  [2, 3],
  [3, 9],
  [4, 9],
];

export const RESIDENTIAL_INTERNET = [PACKAGE_IDS.fiber300, PACKAGE_IDS.fiber1G, PACKAGE_IDS.fiber2G] as const;
export const BUSINESS_INTERNET = [PACKAGE_IDS.business500, PACKAGE_IDS.business1G] as const;

export const SUMMARIES: Record<string, readonly string[]> = {
  install: [
    'Install ONT and router; customer wants the router in the office',
    'New install, aerial drop already placed; activate internet and phone',
    'Install ONT in the garage; run Cat6 to the living room',
    'Replace ONT after lightning damage and re-test',
  ],
  survey: [
    'Survey drop path; customer reports an invisible fence',
    'Check pedestal access and mark the ONT location',
    'Survey for buried drop; sprinklers in the front yard',
  ],
  construction: [
    'Bury drop from pedestal to the house; locates requested',
    'Place conduit under the driveway by bore',
    'Aerial drop from the pole across the back yard',
  ],
  splicing: [
    'Splice drop at the MST and light-test',
    'Fusion splice at the hand hole; update the splice sheet',
    'Re-splice after a fiber cut near the road',
  ],
  service: [
    'No light at the ONT; check the drop and connectors',
    'Customer reports slow speeds in the evening',
    'Yard restoration after the drop burial',
    'Move the ONT to the basement at customer request',
  ],
};

export function summaryFamily(type: string): keyof typeof SUMMARIES {
  const t = type.toLowerCase();
  if (t.includes('install')) return 'install';
  if (t.includes('survey')) return 'survey';
  if (t.includes('splic') || t.includes('splitter')) return 'splicing';
  if (t.includes('construction') || t.includes('drop')) return 'construction';
  return 'service';
}

export const ORDER_NOTES = [
  'Customer prefers text messages.',
  'Gate code 1942.',
  'Please call 30 minutes before arrival.',
  'Beware of dog.',
  'Park on the street, shared driveway.',
  'Customer works nights; afternoon appointments only.',
  'Landlord approval on file.',
  'Referred by a neighbour.',
];
