/**
 * Where a request came from, for the audit log: the client's IP, a short form of its user agent and whether the
 * session is a super-user session. app.ts opens the context for every request (onRequest), so lib/audit.ts can stamp
 * each entry without every service passing the request along. Outside a request (jobs) there is none.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestOrigin {
  ip: string | null;
  /** e.g. "Chrome on Windows", "Safari on iPhone"; null when the request sent none. */
  userAgent: string | null;
  /** Whether the request's session is a super-user session (read when an entry is written: auth runs later). */
  superUser: () => boolean;
}

const storage = new AsyncLocalStorage<RequestOrigin>();

/** Runs `next` (the rest of the request) inside the request's origin. */
export function withOrigin(origin: RequestOrigin, next: () => void): void {
  storage.run(origin, next);
}

export function currentOrigin(): RequestOrigin | undefined {
  return storage.getStore();
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The short form of a user agent: "Chrome on Windows"; the first 40 characters when nothing is recognised. */
export function shortUserAgent(ua: string | undefined | null): string | null {
  if (!ua) return null;
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? ua.slice(0, 40);
}
