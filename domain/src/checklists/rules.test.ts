import { describe, expect, it } from 'vitest';
import { DROP_LENGTH_OPTIONS_FT } from '../constants.js';
import { CHECKLIST_WORK_ORDER_TYPES, type WorkOrderTypeDefinition } from '../work-order-types.js';
import {
  ASSETS_MOVED_NOT_CONFIRMED,
  CHECKLIST_READ_ONLY,
  DROP_TYPE_REQUIRED,
  ONE_TIME_OPTIONS_NOT_ALLOWED,
  SPEED_TEST_URL_REQUIRED,
  WORK_COMPLETE_BEFORE_ARRIVAL,
  YARD_DATE_REQUIRED,
  YARD_DATE_WITHOUT_COMPLETE,
} from './messages.js';
import { type ChecklistForm, checklistFormFor } from './registry.js';
import {
  additionalRoomChargeCents,
  type ChecklistSubmission,
  checkChecklistSave,
  diffChecklist,
  isChecklistComplete,
  type SaveCheck,
} from './rules.js';
import { isSetDate, isZeroDate, withDefaults } from './values.js';

const formOf = (t: WorkOrderTypeDefinition): ChecklistForm => {
  const form = checklistFormFor(t);
  if (!form) throw new Error(`no form for ${t.description}`);
  return form;
};
const byName = (description: string) => {
  const t = CHECKLIST_WORK_ORDER_TYPES.find((x) => x.description === description);
  if (!t) throw new Error(description);
  return formOf(t);
};

/** A save that passes every rule of its form, so each test breaks exactly one. */
function validData(form: ChecklistForm): Record<string, unknown> {
  const data: Record<string, unknown> = { ...withDefaults(form, {}) };
  if ('nDropTypeID' in data) data.nDropTypeID = 2;
  if ('txtSpeedTestURL' in data) data.txtSpeedTestURL = 'https://www.speedtest.net/result/1';
  delete data.dtLastUpdated;
  return data;
}
function submission(form: ChecklistForm, over: Partial<ChecklistSubmission> = {}): ChecklistSubmission {
  return {
    data: validData(form),
    tsArrivalOnsite: '2025-03-01T14:00:00.000Z',
    tsWorkComplete: '2025-03-01T17:30:00.000Z',
    txtNotes: 'Done.',
    WOComplete: 'off',
    assetsMovedConfirmed: false,
    ...over,
  };
}
/** Completing: the yard complaint through its own box and date, the others through WOComplete. */
function completing(form: ChecklistForm, over: Partial<ChecklistSubmission> = {}): ChecklistSubmission {
  const base = submission(form, { WOComplete: 'on', assetsMovedConfirmed: true, ...over });
  if (form.completeBox === 'restoration') {
    base.data = { ...base.data, nRestorationComplete: 1, dtDateCompleted: '2025-03-01', ...over.data };
  }
  return base;
}
const open = (form: ChecklistForm) => ({ status: 'Open', data: withDefaults(form, {}) });
const messageOf = (check: SaveCheck) => (check.ok ? null : check.message);

const TYPES = CHECKLIST_WORK_ORDER_TYPES.map((t) => [t.description, formOf(t)] as const);

describe.each(TYPES)('checklist rules: %s', (_description, form) => {
  it('accepts a valid save and a valid completion', () => {
    const save = checkChecklistSave(form, open(form), submission(form));
    expect(save).toMatchObject({ ok: true, completes: false });
    expect(checkChecklistSave(form, open(form), completing(form))).toMatchObject({ ok: true, completes: true });
  });

  it('is complete when SPEC §4 says so, and then refuses every save (read-only)', () => {
    const yard = form.family === 'yard-complaint';
    expect(isChecklistComplete(form, 'Open', {})).toBe(false);
    expect(isChecklistComplete(form, 'Complete', {})).toBe(!yard);
    expect(isChecklistComplete(form, 'Closed', {})).toBe(form.family === 'base');
    expect(isChecklistComplete(form, 'Open', { dtDateCompleted: '2025-03-01' })).toBe(yard);
    const done = yard
      ? { status: 'Complete', data: { ...open(form).data, dtDateCompleted: '2025-03-01' } }
      : { status: 'Complete', data: open(form).data };
    expect(messageOf(checkChecklistSave(form, done, submission(form)))).toBe(CHECKLIST_READ_ONLY);
  });

  it('asks that all assets are moved before completing', () => {
    const check = checkChecklistSave(form, open(form), completing(form, { assetsMovedConfirmed: false }));
    expect(messageOf(check)).toBe(ASSETS_MOVED_NOT_CONFIRMED);
  });

  it(`${form.requiresDropTypeToComplete ? 'needs' : 'does not need'} a drop type to complete`, () => {
    if (!('nDropTypeID' in withDefaults(form, {}))) {
      expect(form.requiresDropTypeToComplete).toBe(false);
      return;
    }
    const noDrop = completing(form);
    noDrop.data = { ...noDrop.data, nDropTypeID: null };
    const check = checkChecklistSave(form, open(form), noDrop);
    if (form.requiresDropTypeToComplete) {
      expect(check).toEqual({ ok: false, message: DROP_TYPE_REQUIRED, fields: { nDropTypeID: DROP_TYPE_REQUIRED } });
      // Saving without completing does not need it.
      expect(checkChecklistSave(form, open(form), { ...noDrop, WOComplete: 'off' }).ok).toBe(true);
    } else expect(check.ok).toBe(true);
  });

  it(`${form.requiresSpeedTestUrl ? 'needs' : 'does not need'} a speed test URL`, () => {
    const data = validData(form);
    if (!('txtSpeedTestURL' in data)) return;
    for (const url of [null, '', 'not a url']) {
      const check = checkChecklistSave(form, open(form), submission(form, { data: { ...data, txtSpeedTestURL: url } }));
      if (form.requiresSpeedTestUrl) expect(messageOf(check)).toBe(SPEED_TEST_URL_REQUIRED);
      else if (url === 'not a url') expect(messageOf(check)).toMatch(/Speed test URL must be a web address/);
      else expect(check.ok).toBe(true);
    }
  });

  it(`${form.hasOneTimeOptions ? 'takes' : 'refuses'} the one-time rehang options, never storing them`, () => {
    const check = checkChecklistSave(
      form,
      open(form),
      submission(form, { oneTime: { spliceCaseRehang: true, aerialRehang: true } }),
    );
    if (form.hasOneTimeOptions) {
      expect(check.ok && check.oneTime).toEqual(['spliceCaseRehang', 'aerialRehang']);
      expect(check.ok && Object.keys(check.data)).not.toContain('spliceCaseRehang');
      expect(check.ok && Object.keys(check.data)).not.toContain('aerialRehang');
    } else expect(messageOf(check)).toBe(ONE_TIME_OPTIONS_NOT_ALLOWED);
  });

  it('refuses a field the form does not have, and work complete before arrival', () => {
    const unknown = checkChecklistSave(form, open(form), submission(form, { data: { ...validData(form), nBogus: 1 } }));
    expect(unknown.ok === false && unknown.fields.nBogus).toMatch(/has no field nBogus/);
    const early = checkChecklistSave(
      form,
      open(form),
      submission(form, { tsArrivalOnsite: '2025-03-02T10:00:00Z', tsWorkComplete: '2025-03-02T09:00:00Z' }),
    );
    expect(messageOf(early)).toBe(WORK_COMPLETE_BEFORE_ARRIVAL);
  });
});

describe('yard complaint', () => {
  const form = byName('Yard Complaint');
  it('counts as complete only with a completion date that is not the zero date', () => {
    for (const date of ['0000-00-00', '0000-00-00 00:00:00', '', null, undefined]) {
      expect(isChecklistComplete(form, 'Complete', { dtDateCompleted: date })).toBe(false);
    }
    expect(isChecklistComplete(form, 'Open', { dtDateCompleted: '2025-02-28' })).toBe(true);
    expect(isZeroDate('0000-00-00')).toBe(true);
    expect(isSetDate('2025-02-28')).toBe(true);
  });
  it('needs the date when its complete box is ticked, and the box for a date', () => {
    const ticked = submission(form, { data: { nRestorationComplete: 1, dtDateCompleted: null } });
    expect(messageOf(checkChecklistSave(form, open(form), ticked))).toBe(YARD_DATE_REQUIRED);
    const dated = submission(form, { data: { nRestorationComplete: 0, dtDateCompleted: '2025-03-01' } });
    expect(messageOf(checkChecklistSave(form, open(form), dated))).toBe(YARD_DATE_WITHOUT_COMPLETE);
  });
  it('completes through its box whatever WOComplete says, and treats a stored zero date as open', () => {
    const legacy = { status: 'Open', data: { nRestorationComplete: 1, dtDateCompleted: '0000-00-00' } };
    const check = checkChecklistSave(form, legacy, completing(form, { WOComplete: 'off' }));
    expect(check).toMatchObject({ ok: true, completes: true });
  });
});

describe('field rules (SPEC §5, §9)', () => {
  const splicing = byName('Consumer Splicing');
  const connectorized = byName('Connectorized Install');
  const install = byName('Consumer Fiber Install');
  const survey = byName('Consumer Site Survey');
  const colo = byName('Business Colo Install');
  const save = (form: ChecklistForm, data: Record<string, unknown>) =>
    checkChecklistSave(form, open(form), submission(form, { data: { ...validData(form), ...data } }));

  it.each([splicing, connectorized])('splicing quantities are whole numbers, minimum 0 (%#)', (form) => {
    expect(save(form, { nSingleFusionSpliceQty: 0, nRibbonSpliceQty: '12', nRibbonizedCablesQty: 3 }).ok).toBe(true);
    for (const bad of [-1, '1.5', 'twelve']) {
      expect(messageOf(save(form, { nRibbonSpliceQty: bad }))).toBe(
        'Ribbon splices must be a whole number from 0 to 100000.',
      );
    }
  });

  it('additional rooms run 0-100, 0-99 on the connectorized form, at $75 each', () => {
    expect(save(install, { nAdditionalRooms: 100 }).ok).toBe(true);
    expect(messageOf(save(install, { nAdditionalRooms: 101 }))).toBe(
      'Additional rooms must be one of the listed options.',
    );
    expect(save(connectorized, { nAdditionalRooms: 99 }).ok).toBe(true);
    expect(save(connectorized, { nAdditionalRooms: 100 }).ok).toBe(false);
    expect(additionalRoomChargeCents(3)).toBe(225_00);
    expect(additionalRoomChargeCents(0)).toBe(0);
  });

  it('actual drop length comes from the SPEC §9 options', () => {
    for (const ft of DROP_LENGTH_OPTIONS_FT) expect(save(connectorized, { nDropLengthFt: ft }).ok).toBe(true);
    expect(save(connectorized, { nDropLengthFt: 75 }).ok).toBe(false);
    expect(save(connectorized, { nDropLengthFt: 1100 }).ok).toBe(false);
    expect(DROP_LENGTH_OPTIONS_FT).toEqual([
      0, 50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000,
    ]);
  });

  it('site survey flags are yes(1), no(2), unknown(0); vcONT is Indoor or Outdoor', () => {
    expect(save(survey, { nSprinkler: 1, nSepticSys: 2, nLPGas: 0, vcONT: 'Indoor' }).ok).toBe(true);
    expect(messageOf(save(survey, { nSprinkler: 3 }))).toBe('Sprinkler system must be Yes, No or Unknown.');
    expect(save(survey, { vcONT: 'Attic' }).ok).toBe(false);
  });

  it("colo install categories default to 'None specified'; the server sets dtLastUpdated", () => {
    expect(withDefaults(colo, {}).vcInstallCategories).toBe('None specified');
    const check = checkChecklistSave(
      colo,
      { status: 'Open', data: { ...withDefaults(colo, {}), dtLastUpdated: '2025-01-01' } },
      submission(colo, { data: { ...validData(colo), dtLastUpdated: '1999-01-01', vcInstallCategories: '' } }),
    );
    expect(check.ok && check.data.dtLastUpdated).toBe('2025-01-01');
    expect(check.ok && check.data.vcInstallCategories).toBe('None specified');
  });

  it('names the field and what is allowed for dates and text', () => {
    expect(messageOf(save(byName('Bury Temp Drop'), { dtLocateComplete: '2025-02-30' }))).toBe(
      'Locate complete must be a date (YYYY-MM-DD).',
    );
    expect(messageOf(save(byName('Backbone Splice'), { vcInvoiceNum: 'x'.repeat(41) }))).toBe(
      'Invoice number must be at most 40 characters.',
    );
  });

  it('checks drop types and splice case types against the look-ups when given', () => {
    const lookups = { dropTypeIds: new Set([1, 2]), spliceCaseTypes: new Set(['FOSC 450 A']) };
    const form = connectorized;
    const run = (data: Record<string, unknown>) =>
      checkChecklistSave(form, open(form), submission(form, { data: { ...validData(form), ...data } }), lookups);
    expect(run({ nDropTypeID: 2, vcSpliceCaseType: 'FOSC 450 A' }).ok).toBe(true);
    expect(run({ nDropTypeID: 6 }).ok).toBe(false);
    expect(run({ vcSpliceCaseType: 'Mystery case' }).ok).toBe(false);
  });
});

describe('diffChecklist', () => {
  it('lists each changed field with its label, old and new value', () => {
    const before = {
      data: { nDropTypeID: null, dtLocateComplete: null },
      tsArrivalOnsite: null,
      tsWorkComplete: null,
      txtNotes: null,
      vcStatus: 'Open',
    };
    const after = { ...before, data: { nDropTypeID: 2, dtLocateComplete: null }, txtNotes: 'ok', vcStatus: 'Complete' };
    expect(diffChecklist('construction', before, after)).toEqual([
      { field: 'nDropTypeID', label: 'Drop type', from: null, to: 2 },
      { field: 'txtNotes', label: 'Notes', from: null, to: 'ok' },
      { field: 'vcStatus', label: 'Status', from: 'Open', to: 'Complete' },
    ]);
    expect(diffChecklist('construction', before, before)).toEqual([]);
  });
});
