import { describe, expect, it } from 'vitest';
import {
  changeNeedsVisit,
  ontMaxMbps,
  plainWorkName,
  STEP_DONE_MESSAGES,
  waitingWorkMessage,
  workProgressText,
} from './order-fulfilment.js';
import { isCancellable, mayMoveOrder, type OrderStatus, workPlanOf } from './orders.js';

const day = (d: string) => `<${d}>`;

describe('the work drives the order', () => {
  it('each step of a new drop reaches a later status, and every one has its timeline words', () => {
    const plan = workPlanOf({ business: false, dropExists: false, kind: 'new', needsVisit: true });
    let status: OrderStatus = 'placed';
    for (const step of plan) {
      expect(mayMoveOrder(status, step.reaches)).toBe(true);
      expect(STEP_DONE_MESSAGES[step.reaches as keyof typeof STEP_DONE_MESSAGES]).toBeTruthy();
      status = step.reaches;
    }
    expect(status).toBe('installed');
    expect(mayMoveOrder('installed', 'cancelled')).toBe(false);
    expect(mayMoveOrder('spliced', 'drop_built')).toBe(false);
    expect(isCancellable('spliced')).toBe(true);
    expect(STEP_DONE_MESSAGES.drop_built).toBe('Drop buried');
  });

  it('says each work order’s progress in plain words', () => {
    const base = { status: 'Open', isComplete: false, dueDate: '2027-03-01', scheduledAt: null };
    expect(workProgressText({ ...base, type: 'Consumer Drop Construction' }, day)).toBe(
      'Drop construction: planned by <2027-03-01>',
    );
    expect(workProgressText({ ...base, type: 'Consumer Splicing', status: 'Waiting' }, day)).toBe(
      'Splicing: waits for the step before it',
    );
    expect(
      workProgressText({ ...base, type: 'Business Fiber Install', scheduledAt: '2027-03-08T14:00:00.000Z' }, day),
    ).toBe('Install: scheduled for <2027-03-08>');
    expect(workProgressText({ ...base, type: 'Consumer Site Survey', isComplete: true }, day)).toBe(
      'Site survey: done',
    );
    expect(workProgressText({ ...base, type: 'Consumer Site Survey', status: 'Cancelled' }, day)).toBe(
      'Site survey: cancelled',
    );
    expect(plainWorkName('Backbone Splice')).toBe('Splicing');
    expect(waitingWorkMessage(7)).toBe(
      'This work order is waiting for work order #7 to be complete; its checklist opens then.',
    );
  });
});

describe('the equipment rule of a change', () => {
  it('knows a 10G ONT from its model or description, and any other ONT carries 1 Gbps', () => {
    expect(ontMaxMbps({ model: '803G', description: 'GigaPoint 803G ONT' })).toBe(1_000);
    expect(ontMaxMbps({ model: 'GS4227E', description: 'GigaSpire 10G XGS-PON ONT' })).toBe(10_000);
  });

  it('needs a visit only for a speed the ONT cannot carry, or internet where there is no ONT', () => {
    expect(changeNeedsVisit([2_000], 1_000)).toBe(true);
    expect(changeNeedsVisit([1_000], 1_000)).toBe(false);
    expect(changeNeedsVisit([null], 1_000)).toBe(false);
    expect(changeNeedsVisit([null], null)).toBe(false);
    expect(changeNeedsVisit([300], null)).toBe(true);
    expect(changeNeedsVisit([2_000], 10_000)).toBe(false);
    expect(changeNeedsVisit([], null)).toBe(false);
  });
});
