/**
 * Security headers and the Content Security Policy of the portal and its API: the pages get helmet's full set, an /api
 * answer the short set of an API (apiAnswerHeaders). Every /api answer (data, errors, the sign-in token) is
 * `Cache-Control: no-store` so no browser or proxy cache keeps personal data, unless the route set
 * its own header on purpose (map tiles are cacheable, file downloads `private, no-store`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/') || path.startsWith('/api?');

export async function registerSecurity(app: FastifyInstance) {
  // The same headers on every answer, so they are worked out once here (issue 16): @fastify/helmet built helmet's
  // whole middleware again for each request. An /api answer also gets `no-store`, set here with them (one hook, no
  // onSend): a route that sets its own Cache-Control (or any other of these) replaces it, as before.
  const headers = helmetHeaders(HELMET_OPTIONS);
  const apiHeaders = apiAnswerHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.routeOptions.url ?? request.url) ? apiHeaders : headers);
    done();
  });
}

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers of an /api answer: the set the OWASP REST Security Cheat Sheet names for an API, not the page's. JSON is
 * never a page, so the page policy's script, style and font sources, COOP, Origin-Agent-Cluster and the legacy
 * X-DNS-Prefetch-Control / X-Download-Options / X-XSS-Protection say nothing to it; they were 600 of an answer's 900
 * header bytes, on every call a phone on one bar makes (issue 16). `default-src 'none'` also covers what the API does
 * render: the error page of a file link (error-pages.ts, no script, no style) and downloads.
 * Cross-Origin-Resource-Policy stays: it keeps another site from loading our JSON into its process.
 */
export function apiAnswerHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': page['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** The headers helmet sets for these options, read by running its middleware once on a stand-in response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failed: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  return headers;
}

/** Request URLs as logged: recovery tokens, super-user hashes and cart ids never reach the log. */
export function redactUrl(url: string): string {
  return (
    url
      .replace(/([?&](token|hash)=)[^&#]*/gi, '$1[redacted]')
      .replace(/^(\/login\/superUser\/[^/]+\/)[^/]+/, '$1[redacted]')
      // A cart's id is the visitor's checkout secret (whoever holds it sees the cart and can order from it).
      .replace(/^(\/api\/ordering\/carts\/)[^/?#]+/, '$1[redacted]')
  );
}
