/**
 * The TV middleware adapter (SPEC §7 "a call to an internal host for TV credentials by customer id"): the server,
 * never the browser, asks the TV platform for a customer's app sign-in and asks it to issue new ones.
 * TV_MIDDLEWARE_URL names the internal host; the embedded default is the simulated middleware (tv-simulator.ts).
 */

export interface TvAppCredentials {
  username: string;
  password: string;
  issuedAt: string;
}

/** The middleware did not answer (down, timed out, or answered nonsense). Nothing can be shown or changed. */
export class TvMiddlewareUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TvMiddlewareUnavailable';
  }
}

export interface TvMiddleware {
  credentials(customerId: string): Promise<TvAppCredentials>;
  /** New credentials replace the old ones (the old password stops working). */
  resetCredentials(customerId: string): Promise<TvAppCredentials>;
}

export function createHttpTvMiddleware(options: { url: string; timeoutMs: number }): TvMiddleware {
  const base = options.url.replace(/\/$/, '');
  const call = async (method: 'GET' | 'POST', path: string): Promise<TvAppCredentials> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { method, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (err) {
      throw new TvMiddlewareUnavailable(`the TV middleware at ${base} did not answer`, { cause: err });
    }
    if (!res.ok) throw new TvMiddlewareUnavailable(`the TV middleware answered HTTP ${res.status}`);
    const body = (await res.json().catch(() => null)) as Partial<TvAppCredentials> | null;
    if (!body || typeof body.username !== 'string' || typeof body.password !== 'string') {
      throw new TvMiddlewareUnavailable('the TV middleware answered something that is not credentials');
    }
    return { username: body.username, password: body.password, issuedAt: String(body.issuedAt ?? '') };
  };
  return {
    credentials: (customerId) => call('GET', `/v1/subscribers/${encodeURIComponent(customerId)}/credentials`),
    resetCredentials: (customerId) =>
      call('POST', `/v1/subscribers/${encodeURIComponent(customerId)}/credentials/reset`),
  };
}
