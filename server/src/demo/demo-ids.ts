/**
 * The records DEMO-DATA.md names, with their fixed ids: browser tests, API tests and the README rely on them.
 * Everything else the generator makes is free to change.
 */
import { CHECKLIST_WORK_ORDER_TYPES } from '@strand/domain';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  customerId: string;
}

const CUSTOMERS = {
  /** The provider's own account, carried by its installers, crews and staff. */
  provider: '1000-0000-0001',
  /** Prairie Fiber Builders (contractor company 2): the account its crew carries. */
  prairieFiber: '1000-9000-0002',
  residential: '1000-2000-0001',
  consumer: '1000-2000-0002',
  /** Owner of splicing work order 100004. */
  spliceCustomer: '1000-2000-0003',
  /** Neighbour of 100001 with the pending install 100005. */
  neighbour: '1000-2000-0004',
  business: '1000-3000-0001',
  /** Business of site survey 100006. */
  surveyBusiness: '1000-3000-0002',
} as const;

const user = (id: number, username: string, firstName: string, lastName: string, customerId: string): DemoUser => ({
  id,
  username,
  firstName,
  lastName,
  customerId,
});

const USERS = {
  residential: user(1, 'residential', 'Rhonda', 'Reyes', CUSTOMERS.residential),
  consumer: user(2, 'consumer', 'Connor', 'Cole', CUSTOMERS.consumer),
  business: user(3, 'business', 'Dana', 'Diaz', CUSTOMERS.business),
  businessBilling: user(4, 'business-billing', 'Bill', 'Bates', CUSTOMERS.business),
  installer: user(5, 'installer', 'Ian', 'Ingram', CUSTOMERS.provider),
  contractor: user(6, 'contractor', 'Carla', 'Cruz', CUSTOMERS.prairieFiber),
  contractor1: user(7, 'contractor1', 'Colin', 'Cho', CUSTOMERS.provider),
  fieldtech: user(8, 'fieldtech', 'Frankie', 'Ford', CUSTOMERS.prairieFiber),
  staff: user(9, 'staff', 'Sam', 'Stone', CUSTOMERS.provider),
  /** Not a documented sign-in account: the other installer that 100006 is assigned to. */
  otherInstaller: user(10, 'installer2', 'Owen', 'Ortiz', CUSTOMERS.provider),
  /** The staff roles of DEMO-DATA.md's additions: each owns one part of the back office. */
  sales: user(11, 'sales', 'Sofia', 'Salazar', CUSTOMERS.provider),
  dispatcher: user(12, 'dispatcher', 'Derek', 'Dunn', CUSTOMERS.provider),
  billingStaff: user(13, 'billing-staff', 'Beth', 'Barker', CUSTOMERS.provider),
  network: user(14, 'network', 'Nina', 'Nash', CUSTOMERS.provider),
} as const;

/** Company-2 contractor work orders: one open order per checklist type, ids 110001..110023 in catalogue order. */
const COMPANY2_OPEN_BY_TYPE: Readonly<Record<string, number>> = Object.fromEntries(
  CHECKLIST_WORK_ORDER_TYPES.map((t, i) => [t.description, 110_001 + i]),
);

export const DEMO = {
  password: DEMO_PASSWORD,
  /** The nine sign-in accounts of DEMO-DATA.md (and the other installer). */
  users: USERS,
  customers: CUSTOMERS,
  customerNames: {
    provider: 'Boone Valley Fiber',
    prairieFiber: 'Prairie Fiber Builders',
    business: 'Acme Dental Group',
  },
  staffEmployeeId: 7,
  nocLocationId: 1,
  contractorCompanies: { providerCrew: 1, prairieFiber: 2 },
  serviceLocations: {
    /** 100001's location, Rhonda Reyes's only one. */
    residential: 1,
    businessMain: 2,
    businessBranch: 3,
    consumer: 4,
    spliceCustomer: 5,
    /** 100005's location, within 500 ft of 100001's. */
    neighbour: 6,
    surveyBusiness: 7,
  },
  workOrders: {
    /** Consumer Fiber Install for `residential`, scheduled today, with everything. */
    fullInstall: 100_001,
    /** Business Fiber Install for `business`: one contact, no circuits. */
    businessInstall: 100_002,
    /** Consumer Site Survey: no contacts, attachments or notes; physical plant config all null. */
    siteSurvey: 100_003,
    /** Consumer Splicing (WO_FiberSplicing) with attachments and a GIS object link. */
    splicing: 100_004,
    /** Consumer Fiber Install assigned to nobody, within 500 ft of 100001. */
    pending: 100_005,
    /** Business Site Survey assigned to another installer only. */
    otherInstallers: 100_006,
  },
  /** Fixed work orders assigned to `installer` and `fieldtech`. */
  assignedToInstaller: [100_001, 100_002, 100_003, 100_004],
  contractorWorkOrders: {
    company2OpenByType: COMPANY2_OPEN_BY_TYPE,
    company2Complete: 110_024,
    company2Closed: 110_025,
    company2TemplateNotFound: 110_026,
    company1: [120_001, 120_002, 120_003, 120_004, 120_005],
  },
  assets: {
    ont: 'ONT-100001',
    router: 'RTR-100001',
    voiceAdapter: 'ATA-100001',
    splicingOnt: 'ONT-100004',
    /** ONTs in stock, assigned to `installer` at NOC location 1 (for swaps and upgrades). */
    installerStock: ['ONT-STK-0001', 'ONT-STK-0002', 'ONT-STK-0003', 'ONT-STK-0004'],
    fieldtechStock: ['ONT-STK-0005', 'ONT-STK-0006'],
    /** In stock at NOC location 1, not assigned to anyone. */
    warehouseStock: ['ONT-STK-0007', 'ONT-STK-0008', 'ONT-STK-0009'],
  },
  ontHardwareType: 273,
  /** Asset action ids available to ONTs that tests rely on. */
  actions: { hiddenForContractors: 6, hiddenForEveryone: 39 },
  /** Background work orders start here; `scale` 1 makes about 1,000 of them. */
  backgroundWorkOrderStart: 200_001,
  backgroundWorkOrdersPerScale: 1_000,
} as const;
