/** The Services page's calls (SPEC §7 Services), typed by the domain's schemas. */
import {
  type AddFaxEmailRequest,
  CustomerAuthCodeListSchema,
  EmailObjectSchema,
  FaxEmailAddressSchema,
  FaxObjectSchema,
  type MailboxForwardRequest,
  type MailboxPasswordRequest,
  MailboxSchema,
  type MailboxVacationRequest,
  ServiceLocationPackagesListSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, downloadFile } from '../../../lib/api-client';

export const servicesKeys = {
  locations: ['services', 'locations'] as const,
  email: ['services', 'email'] as const,
  fax: ['services', 'fax'] as const,
  authCodes: ['services', 'auth-codes'] as const,
};

/** The business account's auth codes, masked (staff add them; the switch confirms them). */
export const getCustomerAuthCodesQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: servicesKeys.authCodes,
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/customer/services/auth-codes', { schema: CustomerAuthCodeListSchema, signal })).authCodes,
    enabled,
  });

export function useCustomerAuthCodes(enabled: boolean) {
  return useQuery(getCustomerAuthCodesQueryOptions(enabled));
}

/** Service locations and their packages. */
export const getServiceLocationsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: servicesKeys.locations,
    queryFn: ({ signal }) =>
      apiRequest('/api/customer/services/locations', { schema: ServiceLocationPackagesListSchema, signal }),
    enabled,
  });

export function useServiceLocations(enabled: boolean) {
  return useQuery(getServiceLocationsQueryOptions(enabled));
}

/** getEmailObject */
export const getEmailObjectQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: servicesKeys.email,
    queryFn: ({ signal }) => apiRequest('/api/customer/services/email', { schema: EmailObjectSchema, signal }),
    enabled,
  });

export function useEmailObject(enabled: boolean) {
  return useQuery(getEmailObjectQueryOptions(enabled));
}

type MailboxChange =
  | { kind: 'password'; body: MailboxPasswordRequest }
  | { kind: 'forward'; body: MailboxForwardRequest }
  | { kind: 'vacation'; body: MailboxVacationRequest };

/** modEmailPass, modForward and modVacMsg: each answers the mailbox as it now is. */
export function useChangeMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mailboxId, change }: { mailboxId: number; change: MailboxChange }) =>
      apiRequest(`/api/customer/services/email/${mailboxId}/${change.kind}`, {
        method: 'PUT',
        body: change.body,
        schema: MailboxSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKeys.email }),
  });
}

/** Fax accounts: numbers, fax-to-email recipients, received faxes. */
export const getFaxObjectQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: servicesKeys.fax,
    queryFn: ({ signal }) => apiRequest('/api/customer/services/fax', { schema: FaxObjectSchema, signal }),
    enabled,
  });

export function useFaxObject(enabled: boolean) {
  return useQuery(getFaxObjectQueryOptions(enabled));
}

export function useAddFaxEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ faxNumberId, body }: { faxNumberId: number; body: AddFaxEmailRequest }) =>
      apiRequest(`/api/customer/services/fax/${faxNumberId}/email-addresses`, {
        method: 'POST',
        body,
        schema: FaxEmailAddressSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKeys.fax }),
  });
}

export function useRemoveFaxEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ faxNumberId, faxEmailId }: { faxNumberId: number; faxEmailId: number }) =>
      apiRequest(`/api/customer/services/fax/${faxNumberId}/email-addresses/${faxEmailId}`, {
        method: 'DELETE',
        schema: z.undefined(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKeys.fax }),
  });
}

/** Fax download: fetched with the session's token (never in a URL), saved as a file. */
export const downloadReceivedFax = (faxId: number) =>
  downloadFile(`/api/customer/services/fax/received/${faxId}/pdf`, `fax-${faxId}.pdf`);
