/**
 * JSON request bodies: bounded in depth before they are parsed, and in size by who may send them (issue 25, HIGH 1).
 *
 * `JSON.parse` of a 1 MB `[[[[…]]]]` holds the event loop for a fraction of a second, so a few such bodies in flight
 * stall every other request. A byte scan counts the nesting first and refuses a body deeper than `maxDepth` as soon
 * as it gets there (the first 65 bytes of such a body), before anything is parsed; a body that passes goes to
 * Fastify's own parser (prototype poisoning refused). Public routes (no token needed: sign-in, recovery, the
 * availability check, carts, a visitor's checkout) take at most `publicBodyLimit` bytes unless a route declares
 * its own `bodyLimit`; signed-in routes keep the app's `bodyLimit`. Multipart uploads have their own limits.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.js';

export interface JsonBodyOptions {
  /** Nesting of arrays and objects allowed in a JSON body. */
  maxDepth: number;
  /** Bytes a public route's body may have. */
  publicBodyLimit: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * True when `text`, read as JSON, nests arrays and objects deeper than `maxDepth`. Brackets inside strings do not
 * count. Stops at the first level too deep, so a hostile body costs microseconds; a flat 1 MB body about a millisecond.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}

export function registerJsonBody(app: FastifyInstance, options: JsonBodyOptions): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'public' && route.bodyLimit === undefined) route.bodyLimit = options.publicBodyLimit;
  });

  const parse = app.getDefaultJsonParser('error', 'ignore');
  const tooDeep = badRequest(`The request body nests arrays or objects more than ${options.maxDepth} levels deep.`, {
    body: `At most ${options.maxDepth} levels of nesting.`,
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, options.maxDepth)) return done(tooDeep, undefined);
    parse(request, text, done);
  });
}
