import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context.js';
import { openDatabase } from '../../db/connect.js';
import { homeDependencies, workOrderHomeCache } from './work-order-home-cache.js';

describe('workOrderHomeCache', () => {
  it('keeps nothing, says so, and tries again next time when its triggers cannot be made', async () => {
    // A database without the work-order tables: the TEMP triggers cannot be created.
    const database = openDatabase({ dialect: 'sqlite', file: ':memory:' });
    const warn = vi.fn();
    const ctx = { db: database.db, log: { warn } } as unknown as AppContext;
    expect(await workOrderHomeCache(ctx)).toBeNull();
    expect(await workOrderHomeCache(ctx)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    await database.close();
  });

  it('names what an answer was made from by the kinds its triggers report', () => {
    expect(
      homeDependencies({
        workOrderId: 100001,
        typeId: 1,
        customerId: '1001-0001-0001',
        locationId: 7,
        orderId: null,
        contactIds: [3, 4],
        userIds: [9],
      }),
    ).toEqual([
      'work-order:100001',
      'type:1',
      'customer:1001-0001-0001',
      'location:7',
      'contact:3',
      'contact:4',
      'user:9',
    ]);
  });
});
