/** Staff management of the business-center categories (admin role). */
import {
  type BusinessCenterCategoryUpdate,
  type NewBusinessCenterCategory,
  StaffBusinessCenterCategoryListSchema,
  StaffBusinessCenterCategorySchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const categoriesKey = ['staff', 'business-center-categories'] as const;

export const getStaffCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/staff/business-center/categories', { schema: StaffBusinessCenterCategoryListSchema, signal }),
  });

export function useStaffCategories() {
  return useQuery(getStaffCategoriesQueryOptions());
}

export function useAddCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewBusinessCenterCategory) =>
      apiRequest('/api/staff/business-center/categories', {
        method: 'POST',
        body,
        schema: StaffBusinessCenterCategorySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: BusinessCenterCategoryUpdate }) =>
      apiRequest(`/api/staff/business-center/categories/${id}`, {
        method: 'PATCH',
        body: change,
        schema: StaffBusinessCenterCategoryListSchema,
      }),
    onSuccess: (list) => queryClient.setQueryData(categoriesKey, list),
  });
}
