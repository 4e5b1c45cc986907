/**
 * Download (SPEC §2 work-order home, §4 "Saving a work order for offline"): fetches the work order with everything
 * its read-only views need and saves it on the device in one write, so a half-finished download never looks saved.
 * Issue 27: everything a visit needs — the views, the checklist, each circuit's last stats, the PDF file itself,
 * the map token and the features of the map's layers around the site. Parts that may be missing for a reason of
 * their own (no stats from the OLT, no PDF, no map service) are left out, and their screens say "Not available
 * offline". Prefetch (SPEC §2 search, §9) saves the first 5 work orders of the start search the same way.
 */
import {
  AssetActionListSchema,
  AssetSchema,
  AttachmentListSchema,
  CentralOfficeListSchema,
  CircuitListSchema,
  CircuitStatsSchema,
  FeatureCollectionSchema,
  InstallerChecklistSchema,
  type LocationAsset,
  LocationAssetListSchema,
  MAP_LAYERS,
  MapTokenSchema,
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
import { layerQueryPath, MAP_TOKEN_PATH } from '../../../lib/map-features';
import {
  mapFeaturesPath,
  type SavedWorkOrder,
  type SavedWorkOrderStore,
  savedFilePath,
  savedKey,
} from '../../../lib/offline/saved-work-orders';

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
    [`${base(id)}/checklist`, InstallerChecklistSchema],
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
  /** A file by its (ticketed) link: the work order's PDF. */
  fetchBlob?: (path: string) => Promise<Blob>;
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

/** Half the map's query box around the site, in degrees: a little more than the map shows at its zoom on a phone. */
const SITE_SPAN = { lat: 0.003, lon: 0.004 };

/** A part that may be missing for a reason of its own: left out (its screen says "Not available offline"). */
const optional = async <T>(get: () => Promise<T>): Promise<T | typeof MISSING> => {
  try {
    return await get();
  } catch {
    return MISSING;
  }
};

/**
 * What a visit needs beyond the views (issue 27): each circuit's last stats, the PDF file, and the map — its token
 * and the features of the layers shown at first, around the site.
 */
async function extraResponses(
  id: number,
  responses: Record<string, unknown>,
  deps: DownloadDeps,
): Promise<[string, unknown][]> {
  const parts: [string, () => Promise<unknown>][] = [];
  const circuits = CircuitListSchema.safeParse(responses[`${base(id)}/circuits`]);
  for (const circuit of circuits.success ? circuits.data : []) {
    const path = `${base(id)}/circuits/${circuit.nRecordID}/stats`;
    parts.push([path, () => deps.fetchJson(path, CircuitStatsSchema)]);
  }
  const pdf = PdfLinkSchema.safeParse(responses[`${base(id)}/pdf-link`]);
  const { fetchBlob } = deps;
  if (pdf.success && fetchBlob) parts.push([savedFilePath(id, 'pdf'), () => fetchBlob(pdf.data.path)]);
  const out: [string, unknown][] = [];
  for (const [path, get] of parts) {
    const body = await optional(get);
    if (body !== MISSING) out.push([path, body]);
  }
  const wo = WorkOrderObjectSchema.safeParse(responses[base(id)]);
  const site = wo.success ? wo.data.ServiceLocationDetails : null;
  const token = site ? await optional(() => deps.fetchJson(MAP_TOKEN_PATH, MapTokenSchema)) : MISSING;
  if (!site || token === MISSING) return out;
  out.push([MAP_TOKEN_PATH, token]);
  const box = {
    west: site.Longitude - SITE_SPAN.lon,
    south: site.Latitude - SITE_SPAN.lat,
    east: site.Longitude + SITE_SPAN.lon,
    north: site.Latitude + SITE_SPAN.lat,
  };
  for (const layer of MAP_LAYERS.filter((l) => l.defaultVisible)) {
    const path = layerQueryPath(token.featureServiceUrl, layer.id, box, token.token);
    const features = await optional(() => deps.fetchJson(path, FeatureCollectionSchema));
    if (features !== MISSING) out.push([mapFeaturesPath(id, layer.id), features]);
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
  Object.assign(responses, Object.fromEntries(await extraResponses(id, responses, deps)));
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
