import {
  type AddUserRequest,
  CustomerUserListSchema,
  CustomerUserSchema,
  type PermissionCategory,
  type UpdateUserRequest,
  UserPermissionsSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKeys } from './customer-account';

/** getUsers */
export const getUsersQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: customerKeys.users,
    queryFn: ({ signal }) => apiRequest('/api/customer/users', { schema: CustomerUserListSchema, signal }),
    enabled,
  });

export function useUsers(enabled: boolean) {
  return useQuery(getUsersQueryOptions(enabled));
}

/** addUser */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: AddUserRequest; key: string }) =>
      apiRequest('/api/customer/users', {
        method: 'POST',
        body: input,
        schema: CustomerUserSchema,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.users }),
  });
}

/** updateUser */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserRequest }) =>
      apiRequest(`/api/customer/users/${id}`, { method: 'PUT', body: input, schema: CustomerUserSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.users }),
  });
}

/** getPermissionCategories (SelectedUserID) */
export const getUserPermissionsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: customerKeys.permissions(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/users/${userId}/permissions`, { schema: UserPermissionsSchema, signal }),
  });

export function useUserPermissions(userId: number) {
  return useQuery(getUserPermissionsQueryOptions(userId));
}

/** updatePermissions (UtilityList) */
export function useUpdatePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, categories }: { id: number; categories: PermissionCategory[] }) =>
      apiRequest(`/api/customer/users/${id}/permissions`, {
        method: 'PUT',
        body: { UtilityList: categories },
        schema: UserPermissionsSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(customerKeys.permissions(saved.SelectedUserID), saved);
      return queryClient.invalidateQueries({ queryKey: customerKeys.users });
    },
  });
}
