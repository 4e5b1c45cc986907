/**
 * Applicant tokens: the short-lived sign-in of a job applicant (programming test). Not a session JWT on purpose:
 * HMAC-SHA256 with a key derived from the server secret for this use only, over the applicant id and the expiry.
 * A session route's JWT check can never accept one, and an applicant route accepts nothing else (plugins/auth.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APPLICANT_TOKEN_LIFETIME_S } from '@strand/domain';
import { unauthenticated } from '../lib/errors.js';

const PREFIX = 'ap1';
const keyOf = (secret: string) => createHmac('sha256', secret).update('applicant-tokens').digest();
const sign = (secret: string, body: string) => createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export interface ApplicantClaims {
  applicantId: number;
  expiresAt: Date;
}

export function issueApplicantToken(
  secret: string,
  applicantId: number,
  now: Date,
): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + APPLICANT_TOKEN_LIFETIME_S * 1000);
  const body = `${PREFIX}.${applicantId}.${expiresAt.getTime()}`;
  return { token: `${body}.${sign(secret, body)}`, expiresAt };
}

export const APPLICANT_SIGN_IN_AGAIN =
  'Your programming-test sign-in has expired or is not valid. Please sign in again.';

/** The claims of a genuine, unexpired applicant token; 401 otherwise. */
export function verifyApplicantToken(secret: string, token: string, now: Date): ApplicantClaims {
  const [prefix = '', id = '', expires = '', mac = ''] = token.split('.');
  const body = `${prefix}.${id}.${expires}`;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  const genuine = given.length === expected.length && timingSafeEqual(given, expected);
  if (!genuine || prefix !== PREFIX || !/^\d{1,15}$/.test(id) || !/^\d{1,15}$/.test(expires)) {
    throw unauthenticated(APPLICANT_SIGN_IN_AGAIN);
  }
  if (Number(expires) <= now.getTime()) throw unauthenticated(APPLICANT_SIGN_IN_AGAIN);
  return { applicantId: Number(id), expiresAt: new Date(Number(expires)) };
}
