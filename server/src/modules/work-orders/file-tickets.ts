/**
 * Short-lived links to an installer's files (SPEC §7: attachments and the work-order PDF "return a path that is
 * opened"). A browser opens such a link in a new tab or a frame, where it cannot send its Bearer token, so the path
 * carries a ticket instead: HMAC-SHA256 over what it opens, who asked and when it expires, with a key derived from the
 * server secret. Tickets travel in the `token` query parameter, which the request log redacts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../../lib/errors.js';

/** How long a file link works: long enough to open a list and tap a file, short enough to be useless if leaked. */
export const FILE_TICKET_TTL_SECONDS = 30 * 60;

export type FileSubject = { kind: 'attachment'; id: number } | { kind: 'pdf'; id: number };

interface TicketPayload {
  k: FileSubject['kind'];
  i: number;
  u: number;
  e: number;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('installer-file-links').digest();
const sign = (secret: string, body: string) => createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export function issueFileTicket(secret: string, userId: number, subject: FileSubject, now: Date): string {
  const payload: TicketPayload = {
    k: subject.kind,
    i: subject.id,
    u: userId,
    e: Math.floor(now.getTime() / 1000) + FILE_TICKET_TTL_SECONDS,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export function ticketExpiry(now: Date): Date {
  return new Date((Math.floor(now.getTime() / 1000) + FILE_TICKET_TTL_SECONDS) * 1000);
}

const EXPIRED = 'This file link has expired or is not valid. Go back and open the file again.';

/** The user a ticket was issued to, if it is genuine, unexpired and opens `subject`; otherwise 403. */
export function verifyFileTicket(secret: string, ticket: string, subject: FileSubject, now: Date): number {
  const [body = '', mac = ''] = ticket.split('.');
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden(EXPIRED);
  let payload: TicketPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketPayload;
  } catch {
    throw forbidden(EXPIRED);
  }
  if (payload.k !== subject.kind || payload.i !== subject.id) throw forbidden(EXPIRED);
  if (!Number.isInteger(payload.u) || payload.e * 1000 <= now.getTime()) throw forbidden(EXPIRED);
  return payload.u;
}
