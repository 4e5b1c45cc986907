import { describe, expect, it } from 'vitest';
import { permissionConflicts } from './permissions.js';

describe('permissionConflicts', () => {
  it('refuses paying without viewing, in plain words', () => {
    expect(permissionConflicts(['billing-pay'])).toEqual(['“Pay bills” needs “View bills” too: tick both or neither.']);
  });
  it('accepts sets that hold together', () => {
    expect(permissionConflicts([])).toEqual([]);
    expect(permissionConflicts(['billing-view'])).toEqual([]);
    expect(permissionConflicts(['billing-view', 'billing-pay', 'tickets'])).toEqual([]);
  });
});
