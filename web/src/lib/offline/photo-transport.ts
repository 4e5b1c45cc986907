/**
 * Sends one outbox photo as SPEC §7's multipart form, by XMLHttpRequest for its upload progress events (fetch has
 * none for request bodies). The item's id travels as the Idempotency-Key.
 */
import { CLIENT_VERSION } from '@strand/domain';
import { errorFrom } from '../api-client';
import type { OutboxItem, SendResult, Transport } from './photo-outbox';

/** What a finished request means for the outbox. 2xx sent; no answer, 408, 429, 5xx and 401 later; else refused. */
export function classifyUpload(status: number, serverMessage: string | null, statusText: string): SendResult {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  const reason = serverMessage || statusText || (status === 0 ? 'No connection' : `HTTP ${status}`);
  // 401: the session lapsed; the photo waits until its user signs in again.
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) {
    return { kind: 'retry', reason };
  }
  return { kind: 'failed', reason };
}

/** The server's reason, read by the API client's own error mapping (null when the body is not our error shape). */
function messageOf(status: number, body: string): string | null {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return null;
  }
  const error = errorFrom(status, payload, '');
  return error.code === 'http_error' ? null : error.message;
}

/** Sends a queued JSON write (a checklist save, an asset action) with the item's id as its Idempotency-Key. */
async function sendRequest(item: OutboxItem, getToken: () => string | null): Promise<SendResult> {
  const request = item.request;
  if (!request) return { kind: 'failed', reason: 'Nothing to send.' };
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(request.path, {
      method: request.method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Client-Version': CLIENT_VERSION,
        'Idempotency-Key': item.id,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(request.body),
    });
  } catch {
    return classifyUpload(0, null, '');
  }
  return classifyUpload(res.status, messageOf(res.status, await res.text().catch(() => '')), res.statusText);
}

export function xhrPhotoTransport(getToken: () => string | null): Transport {
  return (item, onProgress) =>
    new Promise<SendResult>((resolve) => {
      if (item.request) {
        void sendRequest(item, getToken).then(resolve);
        return;
      }
      if (!item.blob) {
        resolve({ kind: 'failed', reason: 'The photo is no longer on this device.' });
        return;
      }
      const form = new FormData();
      form.append('UTILITYID', '1');
      form.append('DisplayPDF', '1');
      form.append('action', 'uploadAttachment');
      form.append('WorkOrderID', String(item.workOrderId));
      form.append('FileName', item.fileName);
      form.append('FileDescription', item.description);
      form.append('file_0', item.blob, item.fileName);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api/installer/work-orders/${item.workOrderId}/photos`);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('X-Client-Version', CLIENT_VERSION);
      xhr.setRequestHeader('Idempotency-Key', item.id);
      const token = getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : item.sizeBytes);
      xhr.onload = () => resolve(classifyUpload(xhr.status, messageOf(xhr.status, xhr.responseText), xhr.statusText));
      xhr.onerror = () => resolve(classifyUpload(0, null, ''));
      xhr.ontimeout = () => resolve(classifyUpload(0, null, 'The upload timed out'));
      xhr.timeout = 5 * 60_000;
      xhr.send(form);
    });
}
