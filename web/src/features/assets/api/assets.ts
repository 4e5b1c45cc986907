/** The equipment area's calls (SPEC §7): assets, actions, swap and upgrade, circuit stats and tone tests. */
import {
  ActionRequestSchema,
  AssetActionListSchema,
  AssetSchema,
  AssignedEquipmentListSchema,
  CircuitStatsSchema,
  SwapDataSchema,
  UpgradePreviewSchema,
  UpgradeResponseSchema,
} from '@strand/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';

const WO = (id: number) => `/api/installer/work-orders/${id}`;
const noRetryOn4xx = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const useAsset = (nAssetId: number) =>
  useQuery({
    queryKey: ['assets', 'id', nAssetId],
    queryFn: ({ signal }) => apiRequest(`/api/assets/${nAssetId}`, { schema: AssetSchema, signal }),
    retry: noRetryOn4xx,
    networkMode: 'always',
  });

export const useAssetByTag = (tag: string) =>
  useQuery({
    queryKey: ['assets', 'tag', tag],
    queryFn: ({ signal }) =>
      apiRequest(`/api/assets/by-tag/${encodeURIComponent(tag)}`, { schema: AssetSchema, signal }),
    enabled: tag.length > 0,
    retry: noRetryOn4xx,
    networkMode: 'always',
  });

export const useAssetActions = (nAssetId: number, WOId: number, enabled = true) =>
  useQuery({
    queryKey: ['assets', 'actions', nAssetId, WOId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/assets/${nAssetId}/actions?WOId=${WOId}`, { schema: AssetActionListSchema, signal }),
    enabled,
    retry: false,
    networkMode: 'always',
  });

/** Take Action: the raw answer, so a response without a RequestID can be shown as it is (SPEC §4). */
export function takeAction(nAssetId: number, body: { ApplicationActionID: number; WorkOrderID: number }, key: string) {
  return apiRequest(`/api/assets/${nAssetId}/actions`, {
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

export const useSwapData = (WOId: number, ONTId: string) =>
  useQuery({
    queryKey: ['assets', 'swap-data', WOId, ONTId],
    queryFn: ({ signal }) =>
      apiRequest(`${WO(WOId)}/swap-ont/${encodeURIComponent(ONTId)}`, { schema: SwapDataSchema, signal }),
    retry: noRetryOn4xx,
  });

export const useAssignedEquipment = () =>
  useQuery({
    queryKey: ['assets', 'assigned-equipment'],
    queryFn: ({ signal }) =>
      apiRequest('/api/installer/assigned-equipment', { schema: AssignedEquipmentListSchema, signal }),
  });

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

export const useCircuitStats = (WOId: number, circuitId: number) =>
  useQuery({
    queryKey: ['circuits', 'stats', WOId, circuitId],
    queryFn: ({ signal }) =>
      apiRequest(`${WO(WOId)}/circuits/${circuitId}/stats`, { schema: CircuitStatsSchema, signal }),
    retry: noRetryOn4xx,
  });

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
