/** The equipment area's calls (SPEC §7): assets, actions, swap and upgrade, circuit stats and tone tests. */
import {
  ActionRequestSchema,
  AssetActionListSchema,
  AssetSchema,
  AssignedEquipmentListSchema,
  CircuitStatsSchema,
  ContractorNearbyResultSchema,
  SwapDataSchema,
  UpgradePreviewSchema,
  UpgradeResponseSchema,
} from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { offlineRead } from '../../../lib/offline/offline-runtime';
import { searchWorkOrders } from '../../../lib/work-order-search';

const WO = (id: number) => `/api/installer/work-orders/${id}`;

/** SPEC §7: these installer reads are cached (the last 50) and answered from the cache when the call fails. */
const cachedRead = <T>(path: string, schema: z.ZodType<T>, signal: AbortSignal) =>
  offlineRead(path, schema, () => apiRequest(path, { schema, signal }));

/** The request paths whose cached copies an equipment page may show (for its offline notice). */
export const assetPaths = {
  asset: (assetId: number) => `/api/assets/${assetId}`,
  byTag: (tag: string) => `/api/assets/by-tag/${encodeURIComponent(tag)}`,
  swapData: (WOId: number, ONTId: string) => `${WO(WOId)}/swap-ont/${encodeURIComponent(ONTId)}`,
  assignedEquipment: '/api/installer/assigned-equipment',
  circuitStats: (WOId: number, circuitId: number) => `${WO(WOId)}/circuits/${circuitId}/stats`,
};
const noRetryOn4xx = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const getAssetQueryOptions = (assetId: number) =>
  queryOptions({
    queryKey: ['assets', 'id', assetId],
    queryFn: ({ signal }) => cachedRead(assetPaths.asset(assetId), AssetSchema, signal),
    retry: noRetryOn4xx,
    networkMode: 'always',
  });

export const useAsset = (assetId: number) => useQuery(getAssetQueryOptions(assetId));

export const getAssetByTagQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: ['assets', 'tag', tag],
    queryFn: ({ signal }) => cachedRead(assetPaths.byTag(tag), AssetSchema, signal),
    enabled: tag.length > 0,
    retry: noRetryOn4xx,
    networkMode: 'always',
  });

export const useAssetByTag = (tag: string) => useQuery(getAssetByTagQueryOptions(tag));

export const getAssetActionsQueryOptions = (assetId: number, WOId: number, enabled = true) =>
  queryOptions({
    queryKey: ['assets', 'actions', assetId, WOId],
    queryFn: ({ signal }) =>
      cachedRead(`${assetPaths.asset(assetId)}/actions?WOId=${WOId}`, AssetActionListSchema, signal),
    enabled,
    retry: false,
    networkMode: 'always',
  });

export const useAssetActions = (assetId: number, WOId: number, enabled = true) =>
  useQuery(getAssetActionsQueryOptions(assetId, WOId, enabled));

/** Take Action: the raw answer, so a response without a RequestID can be shown as it is (SPEC §4). */
export function takeAction(assetId: number, body: { ApplicationActionID: number; WorkOrderID: number }, key: string) {
  return apiRequest(`/api/assets/${assetId}/actions`, {
    method: 'POST',
    body,
    schema: z.unknown(),
    headers: { 'Idempotency-Key': key },
  });
}

export function confirmActionRequest(RequestID: number, WorkOrderID: number, vcAssetID: string) {
  const q = new URLSearchParams({ WorkOrderID: String(WorkOrderID), vcAssetID });
  return apiRequest(`/api/asset-action-requests/${RequestID}?${q}`, { schema: ActionRequestSchema });
}

export function addAssetToLocation(WOId: number, vcAssetID: string) {
  return apiRequest(`${WO(WOId)}/service-location/add-asset`, {
    method: 'POST',
    body: { vcAssetID },
    schema: AssetSchema,
  });
}

export const getSwapDataQueryOptions = (WOId: number, ONTId: string) =>
  queryOptions({
    queryKey: ['assets', 'swap-data', WOId, ONTId],
    queryFn: ({ signal }) => cachedRead(assetPaths.swapData(WOId, ONTId), SwapDataSchema, signal),
    retry: noRetryOn4xx,
  });

export const useSwapData = (WOId: number, ONTId: string) => useQuery(getSwapDataQueryOptions(WOId, ONTId));

export const getAssignedEquipmentQueryOptions = () =>
  queryOptions({
    queryKey: ['assets', 'assigned-equipment'],
    queryFn: ({ signal }) => cachedRead(assetPaths.assignedEquipment, AssignedEquipmentListSchema, signal),
  });

export const useAssignedEquipment = () => useQuery(getAssignedEquipmentQueryOptions());

export function completeSwap(WOId: number, body: { NewAsset: string; OrigEquip: string; serviceLocation: number }) {
  return apiRequest(`${WO(WOId)}/swap-ont`, { method: 'POST', body, schema: z.unknown() });
}

export function previewUpgrade(WOId: number, body: { OrigEquip: string; NewAsset: string }) {
  return apiRequest(`${WO(WOId)}/upgrade-ont/preview`, { method: 'POST', body, schema: UpgradePreviewSchema });
}

export function completeUpgrade(
  WOId: number,
  body: { OrigEquip: string; NewAsset: string; TotalPorts: number; Ports: Record<string, number> },
) {
  return apiRequest(`${WO(WOId)}/upgrade-ont`, { method: 'POST', body, schema: UpgradeResponseSchema });
}

export const getCircuitStatsQueryOptions = (WOId: number, circuitId: number) =>
  queryOptions({
    queryKey: ['circuits', 'stats', WOId, circuitId],
    queryFn: ({ signal }) => cachedRead(assetPaths.circuitStats(WOId, circuitId), CircuitStatsSchema, signal),
    retry: noRetryOn4xx,
  });

export const useCircuitStats = (WOId: number, circuitId: number) =>
  useQuery(getCircuitStatsQueryOptions(WOId, circuitId));

export function sendToneTest(
  WOId: number,
  circuitId: number,
  body: { testType: '1' | '2' | '3'; serverIP: string; port: number; slot: number; oID: string },
) {
  return apiRequest(`${WO(WOId)}/circuits/${circuitId}/tone-test`, {
    method: 'POST',
    body,
    schema: z.object({ ok: z.literal(true) }),
  });
}

/** The work orders near a scan (SPEC §2, §7: the search with ByAssignment, ShowPendingAssigned and the position). */
/** A contractor's Scan Asset list: the company's open work orders nearest the position. */
export const getContractorNearbyQueryOptions = (
  byAssignment: '0' | '1',
  position: { latitude: number; longitude: number } | null,
) =>
  queryOptions({
    queryKey: ['assets', 'contractor-nearby', byAssignment, position?.latitude, position?.longitude],
    enabled: position !== null,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        Latitude: String(position?.latitude),
        Longitude: String(position?.longitude),
        ByAssignment: byAssignment,
      });
      return apiRequest(`/api/contractor/work-orders/nearby?${query}`, {
        schema: ContractorNearbyResultSchema,
        signal,
      });
    },
  });

export const getNearbyWorkOrdersQueryOptions = (
  byAssignment: '0' | '1',
  position: { latitude: number; longitude: number } | null,
) =>
  queryOptions({
    queryKey: ['assets', 'nearby', byAssignment, position?.latitude, position?.longitude],
    enabled: position !== null,
    queryFn: ({ signal }) =>
      searchWorkOrders(
        {
          ByAssignment: byAssignment,
          ShowPendingAssigned: '0',
          Latitude: String(position?.latitude),
          Longitude: String(position?.longitude),
        },
        signal,
      ),
  });
