/**
 * Security headers and the Content Security Policy of the portal and its API. Every /api answer (data, errors, the
 * sign-in token) is `Cache-Control: no-store` so no browser or proxy cache keeps personal data, unless the route set
 * its own header on purpose (map tiles are cacheable, file downloads `private, no-store`).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/') || path.startsWith('/api?');

export async function registerSecurity(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApi(request.routeOptions.url ?? request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(helmet, {
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
  });
}

/** Request URLs as logged: recovery tokens and super-user hashes never reach the log. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](token|hash)=)[^&#]*/gi, '$1[redacted]')
    .replace(/^(\/login\/superUser\/[^/]+\/)[^/]+/, '$1[redacted]');
}
