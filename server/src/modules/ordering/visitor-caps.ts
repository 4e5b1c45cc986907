/**
 * What one client may create on the public ordering routes an hour (issue 25, finding 3): availability checks,
 * temporary service locations, carts and leads (each lead mails one confirmation, so leads bound the "notify me"
 * mails too). Counted per client address (IPv6 by its /64, as the write limits count), or per user when the request
 * carries a valid session token (sales staff use these routes for phone orders, often many behind one office
 * address), in the rate-limit table, so every instance counts against the same caps; only creations count, and a
 * refused one is given back. Settings
 * ORDERING_CHECKS_PER_HOUR, ORDERING_TEMP_LOCATIONS_PER_HOUR, ORDERING_CARTS_PER_HOUR, ORDERING_LEADS_PER_HOUR
 * (0: no cap).
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { hit } from '../../lib/rate-limit-store.js';

const HOUR_MS = 3_600_000;

export type Creation = 'checks' | 'tempLocations' | 'carts' | 'leads';

/**
 * The client a public ordering request counts against: the signed-in user when the request carries a token that
 * verifies (signature and expiry), else its address, an IPv6 client by its /64.
 */
export async function visitorOf(req: FastifyRequest): Promise<string> {
  if (req.headers.authorization) {
    try {
      const claims = await req.jwtVerify<{ nUserID?: unknown }>();
      if (typeof claims.nUserID === 'number') return `user:${claims.nUserID}`;
    } catch {
      // An invalid or expired token counts as no token: the address counts.
    }
  }
  return `ip:${normalizeIP(req.ip)}`;
}

const WHAT: Record<Creation, string> = {
  checks: 'address checks',
  tempLocations: 'new addresses kept as typed',
  carts: 'carts',
  leads: '"notify me" sign-ups',
};

const inMinutes = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/**
 * Counts one creation of a kind for the client, or refuses it (429) when the hour's cap is reached. Answers how to
 * give it back (the creation did not happen after all: a duplicate lead, a failed insert).
 */
export async function countCreation(ctx: AppContext, client: string, kind: Creation): Promise<() => Promise<void>> {
  const cap = ctx.config.orderingCaps[kind];
  if (cap === 0) return async () => {};
  const key = `ordering:${kind}:${client}`;
  const at = ctx.now();
  const counted = await hit(ctx.db, key, 1, HOUR_MS, at);
  const giveBack = async () => void (await hit(ctx.db, key, -1, HOUR_MS, at));
  if (counted.count > cap) {
    await giveBack();
    throw tooManyRequests(
      `Too many ${WHAT[kind]} from your network in this hour (at most ${cap}). Try again in ${inMinutes(counted.ttlMs)}.`,
      Math.max(1, Math.ceil(counted.ttlMs / 1000)),
    );
  }
  return giveBack;
}
