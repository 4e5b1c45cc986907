/** The work order object and its views (SPEC §7 installer operations), one hook per view. */
import {
  AttachmentListSchema,
  CentralOfficeListSchema,
  CircuitListSchema,
  GisObjectSchema,
  LocationAssetListSchema,
  PdfLinkSchema,
  PhysicalPlantConfigResponseSchema,
  SalesOrderSchema,
  ServiceLocationResponseSchema,
  WorkOrderNoteListSchema,
  WorkOrderObjectSchema,
} from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { offlineRead } from '../../../lib/offline/offline-runtime';

const base = (id: number) => `/api/installer/work-orders/${id}`;

/** The query options of one view of a work order (the object itself is the view ''). */
export function getViewQueryOptions<T>(
  id: number,
  view: string,
  schema: z.ZodType<T>,
  options: { enabled?: boolean; staleTime?: number } = {},
) {
  return queryOptions({
    queryKey: ['installer', 'work-order', id, view],
    // Offline (issue 5): a failed read is answered from the saved work order or the last-50 response cache.
    queryFn: ({ signal }) =>
      offlineRead(`${base(id)}${view}`, schema, () => apiRequest(`${base(id)}${view}`, { schema, signal })),
    // Offline, a fetch fails at once (SPEC §8 'Failed to Fetch Data...') instead of waiting paused for the network.
    networkMode: 'always',
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    enabled: options.enabled ?? true,
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
  });
}

const useView = <T>(...args: Parameters<typeof getViewQueryOptions<T>>) => useQuery(getViewQueryOptions(...args));

/** getWorkOrderObject. */
export const useWorkOrder = (id: number) => useView(id, '', WorkOrderObjectSchema);
export const useNotes = (id: number) => useView(id, '/notes', WorkOrderNoteListSchema);
export const useServiceLocation = (id: number) => useView(id, '/service-location', ServiceLocationResponseSchema);
/** getServiceLocationAssets: loaded when Show Assets is pressed. */
export const useLocationAssets = (id: number, enabled: boolean) =>
  useView(id, '/service-location/assets', LocationAssetListSchema, { enabled });
export const useSalesOrder = (id: number) => useView(id, '/sales-order', SalesOrderSchema);
/** getAttachmentList: its links carry 30-minute tickets, so the list is refreshed well before they lapse. */
export const useAttachments = (id: number) =>
  useView(id, '/attachments', AttachmentListSchema, { staleTime: 5 * 60_000 });
export const usePdfLink = (id: number) => useView(id, '/pdf-link', PdfLinkSchema, { staleTime: 5 * 60_000 });
export const usePlantConfig = (id: number) => useView(id, '/physical-plant-config', PhysicalPlantConfigResponseSchema);
export const useCircuits = (id: number) => useView(id, '/circuits', CircuitListSchema);
export const useCentralOffices = (id: number) => useView(id, '/central-offices', CentralOfficeListSchema);

/** The GIS link's view object id, by order id and WO detail id (SPEC §7). */
export const getGisObjectQueryOptions = (orderId: number | null, detailId: number | null) =>
  queryOptions({
    queryKey: ['installer', 'gis-object', orderId, detailId],
    queryFn: ({ signal }) => {
      const path = `/api/installer/gis-objects?orderId=${orderId}&detailId=${detailId}`;
      // Offline (issue 5): the last-50 response cache answers a failed lookup.
      return offlineRead(path, GisObjectSchema, () => apiRequest(path, { schema: GisObjectSchema, signal }));
    },
    enabled: orderId !== null && detailId !== null,
    staleTime: 10 * 60_000,
  });

export function useGisObject(orderId: number | null, detailId: number | null) {
  return useQuery(getGisObjectQueryOptions(orderId, detailId));
}
