/** The maps service: a token (3600 s) and the layers' features inside the visible box (SPEC §7, §9). */
import { ApiError } from '../../../lib/api-client';

export const isInvalidToken = (error: unknown) => error instanceof ApiError && error.code === 'invalid_token';
