/**
 * A readable page instead of raw JSON when an /api error answers a browser navigation: the installer's attachments
 * and work-order PDF open in a new tab (a ticket link, no app around them), so "the file is not available" or "the
 * stored file is damaged" must read as a page there. fetch() calls send `Accept: application/json` and keep the JSON
 * error shape; only a request whose Accept names text/html gets the page, with the same status.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const wantsHtml = (req: FastifyRequest) => /\btext\/html\b/i.test(String(req.headers.accept ?? ''));

export function errorPage(status: number, message: string, supportPhone: string): string {
  const title =
    status === 404
      ? 'This file is not available'
      : status >= 500
        ? 'This file cannot be opened'
        : 'This link cannot be opened';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(message)}</p>`,
    `<p>Close this tab and try again from the portal. If it keeps happening, call us at ${escapeHtml(supportPhone)}.</p>`,
    '</body></html>',
  ].join('\n');
}

export function registerErrorPages(app: FastifyInstance, options: { supportPhone: string }): void {
  // A callback hook, not an async one: it runs on every answer and passes nearly all through (issue 16).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode < 400 || !req.url.startsWith('/api/') || !wantsHtml(req)) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
    let message = 'Something went wrong on our side.';
    try {
      const body = JSON.parse(String(payload)) as { error?: { message?: unknown } };
      if (typeof body.error?.message === 'string') message = body.error.message;
    } catch {
      return done(null, payload);
    }
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.removeHeader('content-length');
    done(null, errorPage(reply.statusCode, message, options.supportPhone));
  });
}
