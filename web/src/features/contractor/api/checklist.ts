/** Checklist save and history, the look-ups its form needs, assembly unit entries, contracts and unit prices. */
import {
  type AssemblyUnitEntryRequest,
  AssemblyUnitListSchema,
  ChecklistHistorySchema,
  type ChecklistSave,
  ChecklistSaveResultSchema,
  CupSheetSchema,
  DropTypeListSchema,
  EstimatedDropLengthSchema,
  FiberContractListSchema,
  SpliceCaseTypeListSchema,
  WorkOrderAssemblyUnitSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { isConnectionFailure, queueWrite } from '../../../lib/offline/offline-runtime';
import { contractorKeys, contractorListsButLastSearch } from './work-orders';

const LOOKUP_STALE_MS = 10 * 60_000;

/** A checklist save either reached the server or waits in the outbox (offline). */
type SaveOutcome = { queued: false; result: z.infer<typeof ChecklistSaveResultSchema> } | { queued: true };

/** updateCheckLists; the saved work order replaces the cached one. */
export function useSaveChecklist(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: ChecklistSave; key: string }): Promise<SaveOutcome> => {
      const path = `/api/contractor/work-orders/${workOrderId}/checklist`;
      try {
        const result = await apiRequest(path, {
          method: 'PUT',
          body,
          schema: ChecklistSaveResultSchema,
          headers: { 'Idempotency-Key': key },
        });
        return { queued: false, result };
      } catch (error) {
        // No connection (issue 27): the save waits in the sync centre and goes when the connection returns.
        if (!isConnectionFailure(error)) throw error;
        await queueWrite(workOrderId, { method: 'PUT', path, body, label: 'Checklist save' }, key);
        return { queued: true };
      }
    },
    // Run offline too (react-query would pause it): no connection queues the save instead.
    networkMode: 'always',
    onSuccess: async (outcome) => {
      if (outcome.queued) return;
      queryClient.setQueryData(contractorKeys.workOrder(workOrderId), outcome.result.workOrder);
      await queryClient.invalidateQueries({ ...contractorListsButLastSearch, refetchType: 'active' });
    },
  });
}

/** getEstimatedDropLength: the nearest splice point on the map and the drop length it suggests. */
export const getEstimatedDropLengthQueryOptions = (workOrderId: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...contractorKeys.workOrder(workOrderId), 'estimated-drop-length'],
    enabled,
    staleTime: LOOKUP_STALE_MS,
    queryFn: ({ signal }) =>
      apiRequest(`/api/work-orders/${workOrderId}/estimated-drop-length`, {
        schema: EstimatedDropLengthSchema,
        signal,
      }),
  });

export function useEstimatedDropLength(workOrderId: number, enabled: boolean) {
  return useQuery(getEstimatedDropLengthQueryOptions(workOrderId, enabled));
}

export const getChecklistHistoryQueryOptions = (workOrderId: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['contractor', 'history', workOrderId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/contractor/work-orders/${workOrderId}/checklist/history`, {
        schema: ChecklistHistorySchema,
        signal,
      }),
    enabled,
    staleTime: 0,
  });

export function useChecklistHistory(workOrderId: number, enabled: boolean) {
  return useQuery(getChecklistHistoryQueryOptions(workOrderId, enabled));
}

/** getFiberDropTypesWorkOrders (WOType). */
export const getDropTypesQueryOptions = (typeId: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['contractor', 'drop-types', typeId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/contractor/drop-types?WOType=${typeId}`, { schema: DropTypeListSchema, signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });

export function useDropTypes(typeId: number, enabled: boolean) {
  return useQuery(getDropTypesQueryOptions(typeId, enabled));
}

export const getSpliceCaseTypesQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['contractor', 'splice-case-types'],
    queryFn: ({ signal }) =>
      apiRequest('/api/contractor/splice-case-types', { schema: SpliceCaseTypeListSchema, signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });

export function useSpliceCaseTypes(enabled: boolean) {
  return useQuery(getSpliceCaseTypesQueryOptions(enabled));
}

export const getAssemblyUnitsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['contractor', 'assembly-units'],
    queryFn: ({ signal }) => apiRequest('/api/contractor/assembly-units', { schema: AssemblyUnitListSchema, signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });

export function useAssemblyUnits(enabled: boolean) {
  return useQuery(getAssemblyUnitsQueryOptions(enabled));
}

/** getFiberContracts. */
export const getContractsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['contractor', 'contracts'],
    queryFn: ({ signal }) => apiRequest('/api/contractor/contracts', { schema: FiberContractListSchema, signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });

export function useContracts(enabled: boolean) {
  return useQuery(getContractsQueryOptions(enabled));
}

/** getCUPSheet. */
export const getCupSheetQueryOptions = (contractId: number | null) =>
  queryOptions({
    queryKey: ['contractor', 'cup-sheet', contractId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/contractor/contracts/${contractId}/unit-prices`, { schema: CupSheetSchema, signal }),
    enabled: contractId !== null,
    staleTime: LOOKUP_STALE_MS,
  });

export function useCupSheet(contractId: number | null) {
  return useQuery(getCupSheetQueryOptions(contractId));
}

const EntryListSchema = z.array(WorkOrderAssemblyUnitSchema);

function useEntriesUpdate(workOrderId: number) {
  const queryClient = useQueryClient();
  return async () => queryClient.invalidateQueries({ queryKey: contractorKeys.workOrder(workOrderId) });
}

/** addWorkOrderAssemblyUnit. */
export function useAddAssemblyUnit(workOrderId: number) {
  const refresh = useEntriesUpdate(workOrderId);
  return useMutation({
    mutationFn: ({ entry, key }: { entry: AssemblyUnitEntryRequest; key: string }) =>
      apiRequest(`/api/contractor/work-orders/${workOrderId}/assembly-units`, {
        method: 'POST',
        body: entry,
        schema: EntryListSchema,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: refresh,
  });
}

export function useRemoveAssemblyUnit(workOrderId: number) {
  const refresh = useEntriesUpdate(workOrderId);
  return useMutation({
    mutationFn: (entryId: number) =>
      apiRequest(`/api/contractor/work-orders/${workOrderId}/assembly-units/${entryId}`, {
        method: 'DELETE',
        schema: EntryListSchema,
      }),
    onSuccess: refresh,
  });
}
