/**
 * Downloads a file the server makes (invoice PDF and CSV): fetched with the session's token, so it never appears
 * in a URL, then handed to the browser as a download.
 */
import { ApiErrorSchema, CLIENT_VERSION } from '@strand/domain';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/browser-session';

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = sessionStore.getState().token;
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { 'X-Client-Version': CLIENT_VERSION, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(await response.json().catch(() => null));
    const message = parsed.success ? parsed.data.error.message : 'The file could not be made. Please try again.';
    throw new ApiError(response.status, parsed.success ? parsed.data.error.code : 'http_error', message);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const downloadInvoicePdf = (invoiceId: number) =>
  downloadFile(`/api/customer/billing/invoices/${invoiceId}/pdf`, `invoice-${invoiceId}.pdf`);

export const downloadInvoiceCsv = (invoiceGroupId: number) =>
  downloadFile(`/api/customer/billing/invoice-groups/${invoiceGroupId}/csv`, `invoice-group-${invoiceGroupId}.csv`);
