import {
  type AddPaymentMethodRequest,
  type AddressUpdate,
  AutopaySchema,
  BillingHistorySchema,
  BillsSchema,
  MailingLocationListSchema,
  MailingLocationSchema,
  type PayBillsRequest,
  PaymentMethodListSchema,
  PaymentMethodSchema,
  PaymentResultSchema,
  ZipLookupSchema,
} from '@strand/domain';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest, arrivedAnswer, downloadFile } from '../../../lib/api-client';
import { customerKeys } from './customer-account';

const refreshBilling = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['customer', 'billing'] });

const BILLS_PATH = '/api/customer/billing/bills';
const PAYMENT_METHODS_PATH = '/api/customer/billing/payment-methods';

/** getBills; on the billing center's first load, its early read when it came before the page (arrivedAnswer). */
export const getBillsQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: customerKeys.bills,
    queryFn: ({ signal }) => apiRequest(BILLS_PATH, { schema: BillsSchema, signal }),
    initialData: () => arrivedAnswer(BILLS_PATH, BillsSchema),
    enabled,
  });

export function useBills(enabled = true) {
  return useQuery(getBillsQueryOptions(enabled));
}

/** viewHistory (MailingLocationID) */
export const getBillingHistoryQueryOptions = (mailingLocationId: number | null) =>
  queryOptions({
    queryKey: customerKeys.history(mailingLocationId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/billing/mailing-locations/${mailingLocationId}/history`, {
        schema: BillingHistorySchema,
        signal,
      }),
    enabled: mailingLocationId !== null,
  });

export function useBillingHistory(mailingLocationId: number | null) {
  return useQuery(getBillingHistoryQueryOptions(mailingLocationId));
}

/**
 * payBills. The caller keeps one Idempotency-Key per payment attempt: a double click or a retry after a network
 * error sends the same key, and the server charges once.
 */
export function usePayBills() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: PayBillsRequest; key: string }) =>
      apiRequest('/api/customer/billing/payments', {
        method: 'POST',
        body: input,
        schema: PaymentResultSchema,
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: () => refreshBilling(queryClient),
  });
}

/** The payment methods; on the billing center's first load, as getBillsQueryOptions. */
export const getPaymentMethodsQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: customerKeys.methods,
    queryFn: ({ signal }) => apiRequest(PAYMENT_METHODS_PATH, { schema: PaymentMethodListSchema, signal }),
    initialData: () => arrivedAnswer(PAYMENT_METHODS_PATH, PaymentMethodListSchema),
    enabled,
  });

export function usePaymentMethods(enabled = true) {
  return useQuery(getPaymentMethodsQueryOptions(enabled));
}

/** addPaymentMethod */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: AddPaymentMethodRequest; key: string }) =>
      apiRequest(PAYMENT_METHODS_PATH, {
        method: 'POST',
        body: input,
        schema: PaymentMethodSchema,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => refreshBilling(queryClient),
  });
}

/** deletePaymentMethod */
export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/customer/billing/payment-methods/${id}`, { method: 'DELETE', schema: z.undefined() }),
    onSuccess: () => refreshBilling(queryClient),
  });
}

/** viewAutopay */
export const getAutopayQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: customerKeys.autopay,
    queryFn: ({ signal }) => apiRequest('/api/customer/billing/autopay', { schema: AutopaySchema, signal }),
    enabled,
  });

export function useAutopay(enabled = true) {
  return useQuery(getAutopayQueryOptions(enabled));
}

/** activatePaymentMethod (nPaymentID, nLocationID) and deactivateAutopay */
export function useSetAutopay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      mailingLocationId,
      paymentMethodId,
    }: {
      mailingLocationId: number;
      paymentMethodId: number | null;
    }) =>
      apiRequest(`/api/customer/billing/mailing-locations/${mailingLocationId}/autopay`, {
        method: paymentMethodId === null ? 'DELETE' : 'PUT',
        ...(paymentMethodId === null ? {} : { body: { PaymentMethodID: paymentMethodId } }),
        schema: AutopaySchema,
      }),
    onSuccess: (autopay) => {
      queryClient.setQueryData(customerKeys.autopay, autopay);
      return refreshBilling(queryClient);
    },
  });
}

/** getMailingLocationObject */
export const getMailingLocationsQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: customerKeys.mailing,
    queryFn: ({ signal }) =>
      apiRequest('/api/customer/billing/mailing-locations', { schema: MailingLocationListSchema, signal }),
    enabled,
  });

export function useMailingLocations(enabled = true) {
  return useQuery(getMailingLocationsQueryOptions(enabled));
}

/** updateAddress */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: AddressUpdate }) =>
      apiRequest(`/api/customer/billing/mailing-locations/${id}`, {
        method: 'PUT',
        body: input,
        schema: MailingLocationSchema,
      }),
    onSuccess: () => refreshBilling(queryClient),
  });
}

/** zipCodeLookUp: the city and state of a ZIP code in the provider's area, or null outside it. */
export async function lookupZipCode(zip: string, signal?: AbortSignal) {
  try {
    return await apiRequest(`/api/customer/zip-codes/${zip}`, {
      schema: ZipLookupSchema,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const downloadInvoicePdf = (invoiceId: number) =>
  downloadFile(`/api/customer/billing/invoices/${invoiceId}/pdf`, `invoice-${invoiceId}.pdf`);

export const downloadInvoiceCsv = (invoiceGroupId: number) =>
  downloadFile(`/api/customer/billing/invoice-groups/${invoiceGroupId}/csv`, `invoice-group-${invoiceGroupId}.csv`);

/** The receipt of a payment (PDF made on the server). */
export const downloadReceiptPdf = (paymentId: number) =>
  downloadFile(`/api/customer/billing/payments/${paymentId}/receipt.pdf`, `receipt-${paymentId}.pdf`);
