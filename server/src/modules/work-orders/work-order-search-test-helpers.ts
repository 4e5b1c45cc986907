/** Helpers of the work order search's API tests: the answer's shape, the two scopes, a search as a given user. */
import { expect } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import type { TestApp } from '../../test/harness.js';

export const W = DEMO.workOrders;

export interface Summary {
  nCount: number;
  vcCustomerName: string;
  vcWorkOrderType: string;
  vcNextScheduledTime: string | null;
  vcNextScheduledName: string | null;
  dtDueDate: string | null;
  nDistanceFeet?: number;
}
export interface Result {
  workOrders: Summary[];
  limit: number;
  truncated: boolean;
}

/** GET /api/installer/work-orders with these query parameters, as the holder of `token`. */
export function searchAs(t: TestApp, params: Record<string, string>, token: string) {
  return t.request({
    method: 'GET',
    url: `/api/installer/work-orders?${new URLSearchParams(params)}`,
    token,
  });
}
/** The ids of the work orders a search answers (it must answer 200). */
export async function idsAs(t: TestApp, params: Record<string, string>, token: string): Promise<number[]> {
  const res = await searchAs(t, params, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Result>().workOrders.map((w) => w.nCount);
}
export const mine = { ByAssignment: '1', ShowPendingAssigned: '0' };
export const everyone = { ByAssignment: '0', ShowPendingAssigned: '1' };
