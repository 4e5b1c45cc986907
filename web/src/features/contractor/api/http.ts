/**
 * What the contractor screens need beyond lib/api-client's JSON calls: writes with an Idempotency-Key (a phone may
 * retry them), files (PDF, attachments, images) as blobs, and multipart uploads. Errors become the same ApiError.
 */
import { ApiErrorSchema, CLIENT_VERSION } from '@strand/domain';
import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/browser-session';

/** A fresh idempotency key for one user action (its retries reuse it). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

async function send(
  path: string,
  init: Omit<RequestInit, 'headers'> & { headers: Record<string, string> },
): Promise<Response> {
  const token = sessionStore.getState().token;
  const headers: Record<string, string> = { 'X-Client-Version': CLIENT_VERSION, ...init.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    if (response.status === 401 && token) sessionStore.signOut('expired');
    const payload: unknown = await response.json().catch(() => undefined);
    const parsed = ApiErrorSchema.safeParse(payload);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiError(response.status, code, message, fields ?? {});
    }
    throw new ApiError(
      response.status,
      'http_error',
      response.status >= 500 ? 'The server had a problem. Please try again later.' : response.statusText,
    );
  }
  return response;
}

async function parse<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'unexpected_response',
      'The server sent an answer this app does not understand.',
    );
  }
  return parsed.data;
}

/** A JSON write carrying an Idempotency-Key. */
export async function idempotentJson<T>(
  path: string,
  options: { method: 'POST' | 'PUT'; body: unknown; schema: z.ZodType<T>; key: string },
): Promise<T> {
  const response = await send(path, {
    method: options.method,
    body: JSON.stringify(options.body),
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': options.key },
  });
  return parse(response, options.schema);
}

/** A multipart upload carrying an Idempotency-Key. */
export async function uploadForm<T>(path: string, form: FormData, schema: z.ZodType<T>, key: string): Promise<T> {
  const response = await send(path, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json', 'Idempotency-Key': key },
  });
  return parse(response, schema);
}

/** A file the API serves (PDF, attachment, image) as a Blob. */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send(path, { method: 'GET', headers: {}, signal: signal ?? null });
  return response.blob();
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
