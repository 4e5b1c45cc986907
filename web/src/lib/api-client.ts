/**
 * The one HTTP client of the API: JSON in and out (apiRequest), files as blobs and downloads (fetchBlob,
 * downloadFile), multipart uploads (uploadForm), always with the session token as a Bearer header and the client
 * version. Responses are checked against the domain schemas. Every failure becomes an ApiError carrying the server's
 * message, field messages and status (errorFrom, also used by the photo outbox's XHR transport).
 */
import { ApiErrorSchema, CLIENT_VERSION } from '@strand/domain';
import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { startEarlyRead, takeArrivedRead, takeEarlyRead } from './early-reads';

export { ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from './api-error';

const UNEXPECTED_MESSAGE = 'The server sent an answer this app does not understand. Please try again later.';

interface ApiHooks {
  getToken(): string | null;
  /** Called when the server refuses a token (expired or revoked), with the token the request carried. */
  onUnauthorized(token: string): void;
}

let hooks: ApiHooks = { getToken: () => null, onUnauthorized: () => {} };

export function configureApi(next: ApiHooks): void {
  hooks = next;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** Send the session token (default true). */
  auth?: boolean;
  /** Extra request headers, e.g. an Idempotency-Key for a write a retry must not repeat. */
  headers?: Record<string, string>;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The ApiError of a refused request, from its status and parsed JSON body (our `{ error }` shape or not). */
export function errorFrom(status: number, payload: unknown, statusText: string): ApiError {
  const parsed = ApiErrorSchema.safeParse(payload);
  if (parsed.success) {
    const { code, message, fields, retryAfterSeconds } = parsed.data.error;
    return new ApiError(status, code, message, fields ?? {}, retryAfterSeconds);
  }
  const message =
    status >= 500 ? 'The server had a problem. Please try again later.' : statusText || UNEXPECTED_MESSAGE;
  return new ApiError(status, 'http_error', message);
}

/** A fresh Idempotency-Key for one user action (kept across its retries, replaced after an answer). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Starts a JSON GET before its reader runs (a page's first reads, started by its route while the page's chunk loads:
 * lib/route-prefetch.ts; early-reads.ts). The next apiFetch of the same path with the same token takes the answer
 * instead of asking again, once, within a few seconds; it is then checked (status, schema) like any other.
 * react-query stays the cache.
 */
export function prefetchGet(path: string, auth = true): void {
  const token = auth ? hooks.getToken() : null;
  if (auth && !token) return;
  startEarlyRead(path, token);
}

/**
 * A signed-in GET's early answer (prefetchGet, the entry's landing-page reads) if it has already arrived, checked by
 * the schema, taken once: a page's query starts with it (react-query `initialData`), so the page's first render
 * shows it instead of rendering once without and again a turn later. Otherwise nothing: the query asks (and takes
 * the answer still on its way).
 */
export function arrivedAnswer<T>(path: string, schema: z.ZodType<T>): T | undefined {
  const arrived = takeArrivedRead(path, hooks.getToken());
  if (!arrived) return undefined;
  const parsed = schema.safeParse(arrived.json);
  return parsed.success ? parsed.data : undefined;
}

interface SendOptions {
  method?: RequestOptions<unknown>['method'];
  body?: BodyInit | null;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  auth?: boolean;
}

/**
 * Sends a request with the client's headers and returns the successful response; a failure (no network, or a
 * non-2xx answer) becomes an ApiError, and a refused token signs the session out.
 */
export async function apiFetch(path: string, options: SendOptions = {}): Promise<Response> {
  const { method = 'GET', body = null, signal, auth = true } = options;
  const headers: Record<string, string> = { ...options.headers, 'X-Client-Version': CLIENT_VERSION };
  const token = auth ? hooks.getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    const early = method === 'GET' && headers.Accept === 'application/json' ? takeEarlyRead(path, token) : undefined;
    response = await (early ?? fetch(path, { method, headers, body, signal: signal ?? null }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    if (response.status === 401 && token) hooks.onUnauthorized(token);
    throw errorFrom(response.status, await readJson(response), response.statusText);
  }
  return response;
}

async function parseResponse<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  return checked(response.status, await readJson(response), schema);
}

/** A successful answer's JSON checked by its schema; one this app does not understand is an error. */
function checked<T>(status: number, json: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(status, 'unexpected_response', UNEXPECTED_MESSAGE);
  return parsed.data;
}

/** A JSON request: the body sent as JSON, the answer checked by the schema. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, schema, signal, auth = true } = options;
  // An early answer already read (early-reads.ts) is checked from its JSON, not read a second time.
  const arrived = method === 'GET' ? takeArrivedRead(path, auth ? hooks.getToken() : null) : undefined;
  if (arrived) return checked(200, arrived.json, schema);
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await apiFetch(path, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal,
    auth,
  });
  return parseResponse(response, schema);
}

/** A multipart upload carrying an Idempotency-Key, its answer checked by the schema. */
export async function uploadForm<T>(path: string, form: FormData, schema: z.ZodType<T>, key: string): Promise<T> {
  const response = await apiFetch(path, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json', 'Idempotency-Key': key },
  });
  return parseResponse(response, schema);
}

/** A file the API serves (PDF, attachment, image, CSV) as a Blob. */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiFetch(path, { signal })).blob();
}

/** The file name a Content-Disposition header gives: RFC 5987 `filename*=UTF-8''…` first, then `filename="…"`. */
export function fileNameFrom(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(contentDisposition);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(contentDisposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
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
  // Give the browser time to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a file the server makes (invoice PDF and CSV, reports, exports): fetched with the session's token, so it
 * never appears in a URL, then handed to the browser under the server's file name (else the fallback).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await apiFetch(path);
  const name = fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
}
