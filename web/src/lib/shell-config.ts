/** The provider details the shell shows (GET /api/config), loaded once per page. */
import { ShellConfigSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const getShellConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => apiRequest('/api/config', { schema: ShellConfigSchema, signal, auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useShellConfig() {
  return useQuery(getShellConfigQueryOptions()).data;
}
