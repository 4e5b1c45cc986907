/**
 * The error every API call throws (api-client.ts) and the messages forms show for it. Apart from the client, so forms
 * and the sign-in page's first paint do not load zod and the domain schemas the client checks answers with.
 */

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

/** The message to show for any error thrown by a request or a form. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
