import {
  ContactLinkObjectSchema,
  type ContactMethodInput,
  ContactMethodListSchema,
  ContactMethodSchema,
  type LinkContactLocations,
  type LinkType,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { customerKeys } from './customer-account';

export const getContactsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: customerKeys.contacts,
    queryFn: ({ signal }) => apiRequest('/api/customer/contacts', { schema: ContactMethodListSchema, signal }),
    enabled,
  });

export function useContacts(enabled: boolean) {
  return useQuery(getContactsQueryOptions(enabled));
}

/** Every contact write refreshes the list (and any open link form). */
function useContactWrite<A>(write: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.contacts }),
  });
}

/** addContactSubmit; the key makes a retried submit add the contact once. */
export const useAddContact = () =>
  useContactWrite(({ input, key }: { input: ContactMethodInput; key: string }) =>
    apiRequest('/api/customer/contacts', {
      method: 'POST',
      body: input,
      schema: ContactMethodSchema,
      headers: { 'Idempotency-Key': key },
    }),
  );

/** editContactSubmit */
export const useEditContact = () =>
  useContactWrite(({ id, input }: { id: number; input: ContactMethodInput }) =>
    apiRequest(`/api/customer/contacts/${id}`, { method: 'PUT', body: input, schema: ContactMethodSchema }),
  );

export const useDeleteContact = () =>
  useContactWrite((id: number) =>
    apiRequest(`/api/customer/contacts/${id}`, { method: 'DELETE', schema: z.undefined() }),
  );

/** getContactMethodLinkObject */
export const getContactLinkObjectQueryOptions = (contactId: number) =>
  queryOptions({
    queryKey: customerKeys.contactLinks(contactId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/contacts/${contactId}/locations`, { schema: ContactLinkObjectSchema, signal }),
  });

export function useContactLinkObject(contactId: number) {
  return useQuery(getContactLinkObjectQueryOptions(contactId));
}

/** linkContactLocations */
export const useLinkContactLocations = () =>
  useContactWrite(({ id, links }: { id: number; links: LinkContactLocations['links'] }) =>
    apiRequest(`/api/customer/contacts/${id}/locations`, {
      method: 'PUT',
      body: { links },
      schema: ContactMethodSchema,
    }),
  );

/** editContactMethodLinkType */
export const useChangeLinkType = () =>
  useContactWrite(
    ({ id, serviceLocationId, linkType }: { id: number; serviceLocationId: number; linkType: LinkType }) =>
      apiRequest(`/api/customer/contacts/${id}/locations/${serviceLocationId}`, {
        method: 'PATCH',
        body: { linkType },
        schema: ContactMethodSchema,
      }),
  );

export const useUnlinkLocation = () =>
  useContactWrite(({ id, serviceLocationId }: { id: number; serviceLocationId: number }) =>
    apiRequest(`/api/customer/contacts/${id}/locations/${serviceLocationId}`, {
      method: 'DELETE',
      schema: ContactMethodSchema,
    }),
  );
