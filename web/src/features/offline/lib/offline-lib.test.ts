import { describe, expect, it } from 'vitest';
import { memorySavedWorkOrderStore, savedFilePath, savedKey } from '../../../lib/offline/saved-work-orders';
import { downloadWorkOrder, type FetchJson, prefetchWorkOrders, viewRequests } from './download-work-order';
import { outboxItemsFor, photoNames } from './photo-items';

const summary = (id: number) => ({
  nCount: id,
  vcWorkOrderType: 'Consumer Fiber Install',
  vcCustomerName: 'Rhonda Reyes',
  vcNextScheduledName: null,
  vcNextScheduledTime: null,
  vcColoArea: null,
  dtDueDate: null,
  vcSummary: null,
});

const asset = (nAssetID: number, vcAssetID: string) => ({
  nAssetID,
  vcAssetID,
  vcAssetDescription: 'ONT',
  vcEquipmentDescription: 'ONT',
  vcEquipmentMaker: 'Calix',
  vcModel: 'GP1100X',
  vcStatus: 'Active',
  vcSerialNumber: null,
  vcMACAddress: null,
  nHardwareType: 273,
});

/** Answers every request by path; records what was asked. */
function fakeApi(fail?: string) {
  const asked: string[] = [];
  const fetchJson: FetchJson = async (path) => {
    asked.push(path);
    if (fail && path.endsWith(fail)) throw new Error('offline');
    if (path.includes('ByAssignment=1')) {
      return { workOrders: [1, 2, 3, 4, 5, 6, 7].map(summary), limit: 200, truncated: false } as never;
    }
    const id = /WorkOrderID=(\d+)/.exec(path)?.[1];
    if (id) return { workOrders: [summary(Number(id))], limit: 200, truncated: false } as never;
    if (path.endsWith('/service-location/assets')) return [asset(11, 'ONT-1'), asset(12, 'RTR-2')] as never;
    if (fail && path.includes(fail)) throw new Error('offline');
    return { path } as never;
  };
  return { asked, fetchJson };
}

describe('downloadWorkOrder', () => {
  it('saves the work order with every view’s response in one write', async () => {
    const store = memorySavedWorkOrderStore();
    const api = fakeApi();
    const saved = await downloadWorkOrder(100001, 7, {
      ...api,
      store,
      now: () => new Date('2026-01-01T10:00:00Z'),
    });
    expect(saved.summary.nCount).toBe(100001);
    expect(saved.savedAt).toBe('2026-01-01T10:00:00.000Z');
    const paths = viewRequests(100001).map(([p]) => p);
    expect(Object.keys(saved.responses)).toEqual([
      ...paths,
      '/api/assets/11',
      '/api/assets/11/actions?WOId=100001',
      '/api/assets/12',
      '/api/assets/12/actions?WOId=100001',
    ]);
    expect(saved.responses['/api/installer/work-orders/100001/notes']).toEqual({
      path: '/api/installer/work-orders/100001/notes',
    });
    expect(store.items.get(savedKey(7, 100001))).toEqual(saved);
  });

  it('keeps what a visit needs beyond the views: each circuit’s last stats and the PDF file; a part that fails is left out', async () => {
    const store = memorySavedWorkOrderStore();
    const api = fakeApi();
    const circuit = (n: number) => ({
      nRecordID: n,
      vcProduct: 'Internet',
      vcCircuitID: `C-${n}`,
      CircuitDescription: '',
    });
    const fetchJson: FetchJson = async (path, schema) => {
      if (path.endsWith('/circuits')) return [circuit(5), circuit(6)] as never;
      if (path.endsWith('/circuits/6/stats')) throw new Error('the OLT did not answer');
      if (path.endsWith('/pdf-link')) {
        return {
          path: '/files/wo.pdf?t=1',
          downloadPath: '/files/wo.pdf?t=1&dl=1',
          fileName: 'wo.pdf',
          expiresAt: '',
        } as never;
      }
      return api.fetchJson(path, schema);
    };
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const asked: string[] = [];
    const saved = await downloadWorkOrder(100001, 7, {
      fetchJson,
      fetchBlob: async (path) => {
        asked.push(path);
        return pdf;
      },
      store,
      now: () => new Date(),
    });
    expect(saved.responses['/api/installer/work-orders/100001/checklist']).toBeDefined();
    expect(saved.responses['/api/installer/work-orders/100001/circuits/5/stats']).toBeDefined();
    expect(saved.responses).not.toHaveProperty(['/api/installer/work-orders/100001/circuits/6/stats']);
    expect(asked).toEqual(['/files/wo.pdf?t=1']);
    expect(saved.responses[savedFilePath(100001, 'pdf')]).toBe(pdf);
  });

  it('hands an asset that cannot be fetched to Saved Assets and saves the rest', async () => {
    const store = memorySavedWorkOrderStore();
    const savedAssets: unknown[] = [];
    const saved = await downloadWorkOrder(100001, 7, {
      ...fakeApi('/api/assets/12'),
      store,
      now: () => new Date(),
      saveAsset: async (entry) => savedAssets.push(entry),
    });
    expect(savedAssets).toEqual([{ vcAssetID: 'RTR-2', WOId: 100001, nAssetId: 12 }]);
    expect(Object.keys(saved.responses)).toContain('/api/assets/11');
    expect(Object.keys(saved.responses)).not.toContain('/api/assets/12');
  });

  it('leaves out a view the work order does not have (404)', async () => {
    const store = memorySavedWorkOrderStore();
    const api = fakeApi();
    const fetchJson: FetchJson = async (path, schema) => {
      if (path.endsWith('/sales-order')) throw Object.assign(new Error('No sales order'), { status: 404 });
      return api.fetchJson(path, schema);
    };
    const saved = await downloadWorkOrder(100003, 7, { fetchJson, store, now: () => new Date() });
    expect(Object.keys(saved.responses)).not.toContain('/api/installer/work-orders/100003/sales-order');
    expect(Object.keys(saved.responses)).toContain('/api/installer/work-orders/100003/notes');
  });

  it('saves nothing when any view cannot be fetched', async () => {
    const store = memorySavedWorkOrderStore();
    await expect(
      downloadWorkOrder(100001, 7, { ...fakeApi('/circuits'), store, now: () => new Date() }),
    ).rejects.toThrow('offline');
    expect(store.items.size).toBe(0);
  });

  it('prefetches the first 5 assigned work orders, reporting progress', async () => {
    const store = memorySavedWorkOrderStore();
    const progress: string[] = [];
    const saved = await prefetchWorkOrders(7, { ...fakeApi(), store, now: () => new Date() }, (d, t) =>
      progress.push(`${d}/${t}`),
    );
    expect(saved.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(progress).toEqual(['0/5', '1/5', '2/5', '3/5', '4/5', '5/5']);
    expect(store.items.size).toBe(5);
  });
});

describe('photo items', () => {
  it('names photos from the file name, numbered when several', () => {
    expect(photoNames('', [{ name: 'a.png' }])).toEqual(['a.png']);
    expect(photoNames(' Drop ', [{ name: 'a.png' }])).toEqual(['Drop']);
    expect(photoNames('Drop', [{ name: 'a.png' }, { name: 'b.png' }])).toEqual(['Drop-1', 'Drop-2']);
  });

  it('makes one outbox item per photo, each with its own key, in the order chosen', () => {
    let n = 0;
    const photos = ['a.png', 'b.png'].map((name) => ({
      key: name,
      file: new Blob(['x']),
      name,
      size: 1,
      type: 'image/png',
    }));
    const items = outboxItemsFor(
      photos,
      { workOrderId: 100001, userId: 7, fileName: '', description: ' wall ', offline: true },
      new Date('2026-01-01T00:00:00Z'),
      () => `key-0000000${++n}`,
    );
    expect(items.map((i) => [i.id, i.fileName, i.description, i.state, i.queuedOffline])).toEqual([
      ['key-00000001', 'a.png', 'wall', 'waiting', true],
      ['key-00000002', 'b.png', 'wall', 'waiting', true],
    ]);
    expect((items[0]?.createdAt ?? '') < (items[1]?.createdAt ?? '')).toBe(true);
  });
});
