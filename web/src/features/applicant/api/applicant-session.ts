/**
 * The applicant's sign-in, kept apart from the portal session: its own sessionStorage key (this tab only, gone when
 * the tab closes), sent only to the applicant routes. A customer signed in on the same browser stays signed in.
 */
import type { z } from 'zod';
import { apiRequest, type RequestOptions } from '../../../lib/api-client';
import { sessionStorageStore } from '../../../lib/browser-session';

const KEY = 'applicantToken';

export interface ApplicantSignIn {
  token: string;
  expiresAt: string;
}

export function readApplicantSignIn(now = Date.now()): ApplicantSignIn | null {
  const raw = sessionStorageStore.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ApplicantSignIn>;
    if (typeof value.token !== 'string' || typeof value.expiresAt !== 'string') return null;
    return Date.parse(value.expiresAt) > now ? { token: value.token, expiresAt: value.expiresAt } : null;
  } catch {
    return null;
  }
}

export function saveApplicantSignIn(signIn: ApplicantSignIn): void {
  sessionStorageStore.setItem(KEY, JSON.stringify(signIn));
}

export function clearApplicantSignIn(): void {
  sessionStorageStore.removeItem(KEY);
}

/** A request to an applicant route with the applicant's token (never the portal session's). */
export function applicantRequest<T>(path: string, options: Omit<RequestOptions<T>, 'auth'> & { schema: z.ZodType<T> }) {
  const signIn = readApplicantSignIn();
  return apiRequest(path, {
    ...options,
    auth: false,
    headers: { ...options.headers, ...(signIn ? { Authorization: `Bearer ${signIn.token}` } : {}) },
  });
}
