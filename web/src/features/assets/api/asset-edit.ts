/** getAssetEditData and the correction of an asset's serial, MAC, status and description (with its history). */
import { AssetEditDataSchema, type AssetEditRequest } from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const editKey = (assetId: number, WOId: number) => ['assets', assetId, 'edit', WOId] as const;

export const getAssetEditDataQueryOptions = (assetId: number, WOId: number, enabled: boolean) =>
  queryOptions({
    queryKey: editKey(assetId, WOId),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest(`/api/assets/${assetId}/edit?WOId=${WOId}`, { schema: AssetEditDataSchema, signal }),
  });

export function useAssetEditData(assetId: number, WOId: number, enabled: boolean) {
  return useQuery(getAssetEditDataQueryOptions(assetId, WOId, enabled));
}

export function useEditAsset(assetId: number, WOId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssetEditRequest) =>
      apiRequest(`/api/assets/${assetId}`, { method: 'PUT', body, schema: AssetEditDataSchema }),
    onSuccess: async (data) => {
      queryClient.setQueryData(editKey(assetId, WOId), data);
      // The asset page shows the same fields: read them again.
      await queryClient.invalidateQueries({ queryKey: ['assets'], refetchType: 'active' });
    },
  });
}
