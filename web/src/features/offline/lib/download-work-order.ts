/**
 * Download (SPEC §2 work-order home, §4 "Saving a work order for offline"): fetches the work order with everything
 * its read-only views need and saves it on the device in one write, so a half-finished download never looks saved.
 * Prefetch (SPEC §2 search, §9) saves the first 5 work orders of the start search (assigned to me) the same way.
 */
import {
  AssetActionListSchema,
  AssetSchema,
  AttachmentListSchema,
  CentralOfficeListSchema,
  CircuitListSchema,
  type LocationAsset,
  LocationAssetListSchema,
  PdfLinkSchema,
  PhysicalPlantConfigResponseSchema,
  PREFETCH_COUNT,
  SalesOrderSchema,
  ServiceLocationResponseSchema,
  WorkOrderNoteListSchema,
  WorkOrderObjectSchema,
  WorkOrderSearchResultSchema,
  type WorkOrderSummary,
} from '@strand/domain';
import type { z } from 'zod';
import { type SavedWorkOrder, type SavedWorkOrderStore, savedKey } from '../../../lib/offline/saved-work-orders';

export type FetchJson = <T>(path: string, schema: z.ZodType<T>) => Promise<T>;

const base = (id: number) => `/api/installer/work-orders/${id}`;
const MISSING = Symbol('missing');
const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/** Every read-only view's request, as the views under /search/{WOId} make it. */
export function viewRequests(id: number): [string, z.ZodType<unknown>][] {
  return [
    [base(id), WorkOrderObjectSchema],
    [`${base(id)}/notes`, WorkOrderNoteListSchema],
    [`${base(id)}/service-location`, ServiceLocationResponseSchema],
    [`${base(id)}/service-location/assets`, LocationAssetListSchema],
    [`${base(id)}/sales-order`, SalesOrderSchema],
    [`${base(id)}/attachments`, AttachmentListSchema],
    [`${base(id)}/pdf-link`, PdfLinkSchema],
    [`${base(id)}/physical-plant-config`, PhysicalPlantConfigResponseSchema],
    [`${base(id)}/circuits`, CircuitListSchema],
    [`${base(id)}/central-offices`, CentralOfficeListSchema],
  ];
}

/** The work order's search-result line (the Saved WO list shows saved work orders like search results). */
async function summaryOf(fetchJson: FetchJson, id: number): Promise<WorkOrderSummary> {
  const result = await fetchJson(
    `/api/installer/work-orders?WorkOrderID=${id}&ShowPendingAssigned=1`,
    WorkOrderSearchResultSchema,
  );
  const summary = result.workOrders.find((wo) => wo.nCount === id);
  if (!summary) throw new Error(`Work order #${id} was not found.`);
  return summary;
}

export interface DownloadDeps {
  fetchJson: FetchJson;
  store: SavedWorkOrderStore;
  now: () => Date;
  /** SPEC §4: an asset whose details cannot be fetched goes to Saved Assets instead. */
  saveAsset?: (entry: { vcAssetID: string; WOId: number; nAssetId: number }) => Promise<unknown>;
}

/** Each asset at the location with its available actions; an asset that fails is handed to Saved Assets. */
async function assetResponses(id: number, assets: LocationAsset[], deps: DownloadDeps): Promise<[string, unknown][]> {
  const out: [string, unknown][] = [];
  for (const asset of assets) {
    const paths: [string, z.ZodType<unknown>][] = [
      [`/api/assets/${asset.nAssetID}`, AssetSchema],
      [`/api/assets/${asset.nAssetID}/actions?WOId=${id}`, AssetActionListSchema],
    ];
    try {
      const bodies = await Promise.all(paths.map(([path, schema]) => deps.fetchJson(path, schema)));
      out.push(...paths.map(([path], i): [string, unknown] => [path, bodies[i]]));
    } catch {
      await deps.saveAsset?.({ vcAssetID: asset.vcAssetID, WOId: id, nAssetId: asset.nAssetID });
    }
  }
  return out;
}

export async function downloadWorkOrder(id: number, userId: number, deps: DownloadDeps): Promise<SavedWorkOrder> {
  const requests = viewRequests(id);
  const [summary, ...bodies] = await Promise.all([
    summaryOf(deps.fetchJson, id),
    ...requests.map(([path, schema]) =>
      // A view the work order does not have (e.g. no sales order: 404) is left out; it is hidden or empty online too.
      deps.fetchJson(path, schema).catch((error: unknown) => {
        if (path !== base(id) && isNotFound(error)) return MISSING;
        throw error;
      }),
    ),
  ]);
  const responses: Record<string, unknown> = Object.fromEntries(
    requests.map(([path], i) => [path, bodies[i]]).filter(([, body]) => body !== MISSING),
  );
  const assets = LocationAssetListSchema.parse(responses[`${base(id)}/service-location/assets`] ?? []);
  Object.assign(responses, Object.fromEntries(await assetResponses(id, assets, deps)));
  const saved: SavedWorkOrder = {
    key: savedKey(userId, id),
    userId,
    id,
    summary,
    savedAt: deps.now().toISOString(),
    responses,
  };
  await deps.store.put(saved);
  return saved;
}

/** Saves the first PREFETCH_COUNT work orders assigned to the user, reporting after each one. */
export async function prefetchWorkOrders(
  userId: number,
  deps: DownloadDeps,
  onProgress: (done: number, total: number) => void,
): Promise<SavedWorkOrder[]> {
  const result = await deps.fetchJson(
    '/api/installer/work-orders?ByAssignment=1&ShowPendingAssigned=0',
    WorkOrderSearchResultSchema,
  );
  const ids = result.workOrders.slice(0, PREFETCH_COUNT).map((wo) => wo.nCount);
  onProgress(0, ids.length);
  const saved: SavedWorkOrder[] = [];
  for (const id of ids) {
    saved.push(await downloadWorkOrder(id, userId, deps));
    onProgress(saved.length, ids.length);
  }
  return saved;
}
