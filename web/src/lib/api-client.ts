/**
 * The HTTP client of the API: JSON in and out, the session token as a Bearer header, responses checked against the
 * domain schemas. Every failure becomes an ApiError carrying the server's message, field messages and status.
 */
import { ApiErrorSchema, CLIENT_VERSION } from '@strand/domain';
import type { z } from 'zod';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your internet connection and try again.';
const UNEXPECTED_MESSAGE = 'The server sent an answer this app does not understand. Please try again later.';

interface ApiHooks {
  getToken(): string | null;
  /** Called when the server refuses the session's token (expired or revoked). */
  onUnauthorized(): void;
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

function errorFrom(status: number, payload: unknown, statusText: string): ApiError {
  const parsed = ApiErrorSchema.safeParse(payload);
  if (parsed.success) {
    const { code, message, fields, retryAfterSeconds } = parsed.data.error;
    return new ApiError(status, code, message, fields ?? {}, retryAfterSeconds);
  }
  const message =
    status >= 500 ? 'The server had a problem. Please try again later.' : statusText || UNEXPECTED_MESSAGE;
  return new ApiError(status, 'http_error', message);
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, schema, signal, auth = true } = options;
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'X-Client-Version': CLIENT_VERSION,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? hooks.getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && token) hooks.onUnauthorized();
    throw errorFrom(response.status, payload, response.statusText);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'unexpected_response', UNEXPECTED_MESSAGE);
  return parsed.data;
}

/** The message to show for any error thrown by a request or a form. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
