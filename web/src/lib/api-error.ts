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

/** What a server failure (5xx with no message for people) says instead of "Internal server error". */
export const SERVER_FAILED_MESSAGE =
  'Something went wrong on our side and nothing was changed. Please try again in a minute.';

/** The message to show for any error thrown by a request or a form. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 500 && /^internal server error\.?$/i.test(error.message.trim())) {
    return SERVER_FAILED_MESSAGE;
  }
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
