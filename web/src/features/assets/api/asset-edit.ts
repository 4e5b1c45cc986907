/** getAssetEditData and the correction of an asset's serial, MAC, status and description (with its history). */
import { AssetEditDataSchema, type AssetEditRequest } from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const editKey = (nAssetId: number, WOId: number) => ['assets', nAssetId, 'edit', WOId] as const;

export const getAssetEditDataQueryOptions = (nAssetId: number, WOId: number, enabled: boolean) =>
  queryOptions({
    queryKey: editKey(nAssetId, WOId),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest(`/api/assets/${nAssetId}/edit?WOId=${WOId}`, { schema: AssetEditDataSchema, signal }),
  });

export function useAssetEditData(nAssetId: number, WOId: number, enabled: boolean) {
  return useQuery(getAssetEditDataQueryOptions(nAssetId, WOId, enabled));
}

export function useEditAsset(nAssetId: number, WOId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssetEditRequest) =>
      apiRequest(`/api/assets/${nAssetId}`, { method: 'PUT', body, schema: AssetEditDataSchema }),
    onSuccess: async (data) => {
      queryClient.setQueryData(editKey(nAssetId, WOId), data);
      // The asset page shows the same fields: read them again.
      await queryClient.invalidateQueries({ queryKey: ['assets'], refetchType: 'active' });
    },
  });
}
