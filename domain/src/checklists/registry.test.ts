import { describe, expect, it } from 'vitest';
import { CHECKLIST_WORK_ORDER_TYPES, WORK_ORDER_TYPES, workOrderTypeByDescription } from '../work-order-types.js';
import { CHECKLIST_FIELDS } from './fields.js';
import { checklistFormFor } from './registry.js';

/** SPEC §3 "Checklist fields by type", per form. */
const SPLICING_FIELDS = [
  'vcHandHoleAddress',
  'vcSpliceCaseType',
  'nAuditSpliceCase',
  'nSingleFusionSpliceQty',
  'nRibbonSpliceQty',
  'nRibbonizedCablesQty',
  'nLightWhenFinishedSplicing',
  'nSpawnRehang',
];
const INSTALL_FIELDS = ['nYardSignPlaced', 'nAdditionalRooms', 'vcLightSignalStrength', 'txtSpeedTestURL'];
const SPEC_FIELDS: Record<string, string[]> = {
  construction: ['nDropTypeID', 'dtLocateComplete', 'dtDropBuryStart', 'dtDropBuryComplete'],
  coiled: ['nBoreNum'],
  install: INSTALL_FIELDS,
  'tv-install': INSTALL_FIELDS,
  'site-survey': [
    'vcSecNum',
    'vcStakingSheetNum',
    'vcONT',
    'nInvisibleFence',
    'nSprinkler',
    'nSepticSys',
    'nFencedYard',
    'nYardLights',
    'nLPGas',
    'nPrivatePower',
  ],
  splicing: SPLICING_FIELDS,
  base: ['vcInvoiceNum'],
  'yard-complaint': ['nRestorationComplete', 'dtDateCompleted'],
  connectorized: ['nDropTypeID', 'nDropLengthFt', 'nSpeedTestPerformed', 'nAdditionalRooms', ...SPLICING_FIELDS],
  'colo-install': [
    'nResolved',
    'nInitialContact',
    'nVendorContact',
    'nAdditionalDispatch',
    'nNoDispatch',
    'vcInstallCategories',
    'dtLastUpdated',
    'dtDateCompleted',
    'txtEquipment',
    'txtAdditionalMaterials',
    'txtTestsPerformed',
  ],
};

interface Expected {
  family: string;
  dropTypeToComplete?: boolean;
  speedTestUrl?: boolean;
  oneTime?: boolean;
  assemblyUnits?: boolean;
  templateType?: string;
}

/** The 23 types of DEMO-DATA.md and what their form must be (SPEC §2, §4, §5). */
const TABLE: [string, Expected][] = [
  ['Business Construction', { family: 'construction' }],
  ['Consumer Drop Construction', { family: 'construction', dropTypeToComplete: true }],
  ['Bury Temp Drop', { family: 'construction', dropTypeToComplete: true }],
  ['Bury Hybrid Drop', { family: 'construction', dropTypeToComplete: true }],
  ['Business Install', { family: 'install' }],
  ['Consumer Fiber Install', { family: 'install' }],
  ['Business Site Survey', { family: 'site-survey' }],
  ['Consumer Site Survey', { family: 'site-survey' }],
  ['Business Splicing', { family: 'splicing', oneTime: true }],
  ['Consumer Splicing', { family: 'splicing', oneTime: true }],
  ['MST Splicing', { family: 'splicing', oneTime: true }],
  ['Business TV Install', { family: 'tv-install', speedTestUrl: true }],
  ['TV Install', { family: 'tv-install', speedTestUrl: true }],
  ['Backbone Splice', { family: 'base', templateType: 'backbone-splice' }],
  ['Splice Field Splitter', { family: 'base', templateType: 'splice-field-splitter' }],
  ['HPBX Site Survey', { family: 'base', templateType: 'hpbx-site-survey' }],
  ['Special Request Work Order', { family: 'base', templateType: 'special-request' }],
  ['Coiled Drop', { family: 'coiled' }],
  ['Connectorized Install', { family: 'connectorized', dropTypeToComplete: true, oneTime: true, assemblyUnits: true }],
  ['Yard Complaint', { family: 'yard-complaint' }],
  ['Residential Colo Install', { family: 'colo-install' }],
  ['Business Colo Install', { family: 'colo-install' }],
  ['Dispatch', { family: 'colo-install' }],
];

const formOf = (description: string) => {
  const type = workOrderTypeByDescription(description);
  if (!type) throw new Error(`no type ${description}`);
  return checklistFormFor(type);
};

describe('checklist registry', () => {
  it('covers exactly the 23 checklist types of DEMO-DATA.md', () => {
    expect(TABLE.map(([d]) => d)).toEqual(CHECKLIST_WORK_ORDER_TYPES.map((t) => t.description));
  });

  describe.each(TABLE)('%s', (description, expected) => {
    const form = formOf(description);

    it(`opens the ${expected.family} form with the fields SPEC §3 lists`, () => {
      expect(form?.family).toBe(expected.family);
      expect(form?.fields.map((f) => f.name)).toEqual(SPEC_FIELDS[expected.family]);
    });

    it('has the traits its rules depend on', () => {
      expect(form).toMatchObject({
        requiresDropTypeToComplete: expected.dropTypeToComplete ?? false,
        requiresSpeedTestUrl: expected.speedTestUrl ?? false,
        hasOneTimeOptions: expected.oneTime ?? false,
        hasAssemblyUnits: expected.assemblyUnits ?? false,
        closedCountsAsComplete: expected.family === 'base',
        completeBox: expected.family === 'yard-complaint' ? 'restoration' : 'work-order',
        templateType: expected.templateType ?? expected.family,
      });
    });
  });

  it('gives each base type its own template type', () => {
    const templates = TABLE.filter(([, e]) => e.family === 'base').map(([d]) => formOf(d)?.templateType);
    expect(new Set(templates).size).toBe(4);
  });

  it("has no form for a view file no checklist knows ('Template not found')", () => {
    expect(formOf('Legacy Pole Audit')).toBeNull();
    expect(checklistFormFor({ viewFile: 'constructor', isBusiness: false })).toBeNull();
    expect(checklistFormFor({ viewFile: '', isBusiness: false })).toBeNull();
  });

  it('shares the install form with the installer-only Business Fiber Install type', () => {
    const type = WORK_ORDER_TYPES.find((t) => t.description === 'Business Fiber Install');
    expect(type && checklistFormFor(type)?.family).toBe('install');
  });

  it('gives every field a label and a default of its own kind', () => {
    for (const fields of Object.values(CHECKLIST_FIELDS)) {
      for (const f of fields) {
        expect(f.label.length).toBeGreaterThan(0);
        if (f.kind === 'checkbox' || f.kind === 'tri-state') expect(f.defaultValue).toBe(0);
        if (f.kind === 'select' && f.defaultValue !== null) {
          expect(f.options?.map((o) => o.value)).toContain(f.defaultValue);
        }
      }
    }
  });
});
