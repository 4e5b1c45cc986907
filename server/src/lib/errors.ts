/** Errors a service or policy throws; the error handler turns them into the API's JSON error shape. */
import { ErrorCodes } from '@strand/domain';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, fields ? ErrorCodes.validation : ErrorCodes.badRequest, message, fields);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new HttpError(401, ErrorCodes.unauthenticated, message);
export const forbidden = (message = 'You do not have access to this.') =>
  new HttpError(403, ErrorCodes.forbidden, message);
export const notFound = (message = 'Not found.') => new HttpError(404, ErrorCodes.notFound, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, ErrorCodes.conflict, message, fields);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, ErrorCodes.tooManyRequests, message, undefined, retryAfterSeconds);
