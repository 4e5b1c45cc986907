import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_FAMILY_BY_VIEW_FILE,
  CHECKLIST_WORK_ORDER_TYPES,
  checklistFamilyOf,
  WORK_ORDER_TYPES,
  workOrderTypeByDescription,
} from './work-order-types.js';

/** SPEC §2 "Onsite checklist forms": type description -> checklist form. */
const SPEC_FAMILIES: Record<string, string> = {
  'Business Construction': 'construction',
  'Consumer Drop Construction': 'construction',
  'Bury Temp Drop': 'construction',
  'Bury Hybrid Drop': 'construction',
  'Business Install': 'install',
  'Consumer Fiber Install': 'install',
  'Business Site Survey': 'site-survey',
  'Consumer Site Survey': 'site-survey',
  'Business Splicing': 'splicing',
  'Consumer Splicing': 'splicing',
  'MST Splicing': 'splicing',
  'Business TV Install': 'tv-install',
  'TV Install': 'tv-install',
  'Backbone Splice': 'base',
  'Splice Field Splitter': 'base',
  'HPBX Site Survey': 'base',
  'Special Request Work Order': 'base',
  'Coiled Drop': 'coiled',
  'Connectorized Install': 'connectorized',
  'Yard Complaint': 'yard-complaint',
  'Residential Colo Install': 'colo-install',
  'Business Colo Install': 'colo-install',
  Dispatch: 'colo-install',
};

describe('work-order type catalogue', () => {
  it('has unique ids and descriptions', () => {
    expect(new Set(WORK_ORDER_TYPES.map((t) => t.id)).size).toBe(WORK_ORDER_TYPES.length);
    expect(new Set(WORK_ORDER_TYPES.map((t) => t.description)).size).toBe(WORK_ORDER_TYPES.length);
  });

  it('maps the 23 checklist types of SPEC §2 to their checklist forms', () => {
    expect(CHECKLIST_WORK_ORDER_TYPES).toHaveLength(23);
    expect(CHECKLIST_WORK_ORDER_TYPES.map((t) => t.description).sort()).toEqual(Object.keys(SPEC_FAMILIES).sort());
    for (const [description, family] of Object.entries(SPEC_FAMILIES)) {
      const definition = workOrderTypeByDescription(description);
      expect(definition, description).toBeDefined();
      expect(checklistFamilyOf(definition?.viewFile), description).toBe(family);
    }
  });

  it('gives each base-checklist type its own template type and no other type one', () => {
    const base = WORK_ORDER_TYPES.filter((t) => checklistFamilyOf(t.viewFile) === 'base');
    expect(base).toHaveLength(4);
    expect(new Set(base.map((t) => t.templateType)).size).toBe(4);
    expect(base.every((t) => typeof t.templateType === 'string')).toBe(true);
    const others = WORK_ORDER_TYPES.filter((t) => checklistFamilyOf(t.viewFile) !== 'base');
    expect(others.every((t) => t.templateType === null)).toBe(true);
  });

  it('classes Consumer Splicing as WO_FiberSplicing', () => {
    expect(workOrderTypeByDescription('Consumer Splicing')?.vcClass).toBe('WO_FiberSplicing');
  });

  it('has Business Fiber Install on the install form', () => {
    const businessFiber = workOrderTypeByDescription('Business Fiber Install');
    expect(businessFiber?.isBusiness).toBe(true);
    expect(checklistFamilyOf(businessFiber?.viewFile)).toBe('install');
  });

  it('returns null for a view file no checklist knows', () => {
    expect(checklistFamilyOf('legacy_pole_audit')).toBeNull();
    expect(checklistFamilyOf('toString')).toBeNull();
    expect(checklistFamilyOf('')).toBeNull();
    expect(checklistFamilyOf(null)).toBeNull();
    const unknown = WORK_ORDER_TYPES.filter((t) => checklistFamilyOf(t.viewFile) === null);
    expect(unknown.map((t) => t.description)).toEqual(['Legacy Pole Audit']);
  });

  it('lists exactly the view files of the checklist types', () => {
    expect(Object.keys(CHECKLIST_FAMILY_BY_VIEW_FILE).sort()).toEqual(
      CHECKLIST_WORK_ORDER_TYPES.map((t) => t.viewFile).sort(),
    );
  });
});
