/** Compression of API answers (issue 16 goal 2), for every route. */
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

/** Answers under this many bytes go out uncompressed. */
const COMPRESS_THRESHOLD = 1024;

/** What the API compresses: JSON, text (CSV), XML and SVG; never binary files (PDFs, photos, octet streams). */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|^image\/svg\+xml/u;

/**
 * Compresses answers over 1 KB for clients that ask (brotli first, then gzip). Brotli quality 4: nearly gzip -9's size
 * at a fraction of quality 11's CPU, which matters on the hot path. Registered before every route (its onRoute hook
 * adds the compressing onSend to the routes registered after it). The built web app's files are precompressed at
 * build (scripts/build.mjs) and served as such by @fastify/static, so they arrive with Content-Encoding set and are
 * not compressed again. Request bodies are never decompressed (no Content-Encoding uploads).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
  // The plugin gives every route two hooks (issue 16): an onRequest that sets `reply.compress` (unused here: answers are
  // compressed by the onSend) and the onSend, which works out the encoding even when the client accepts none or the
  // answer is under the threshold. Runs right after the plugin's own onRoute hook, so its two hooks are the last ones.
  app.addHook('onRoute', (route) => {
    if (route.compress === false) return; // the plugin added nothing to this route
    const onRequest = route.onRequest;
    if (Array.isArray(onRequest) && onRequest.at(-1)?.name === 'onRequest') onRequest.pop();
    const onSend = route.onSend;
    if (!Array.isArray(onSend)) return;
    const compress = onSend.at(-1);
    if (compress?.name !== 'onSend') return;
    // A text answer to a client that accepts no encoding, or under the threshold, passes as it is: the plugin would
    // return it unchanged too.
    onSend[onSend.length - 1] = function skipOrCompress(this: FastifyInstance, request, reply, payload, done) {
      if (
        typeof payload === 'string' &&
        (request.headers['accept-encoding'] === undefined || Buffer.byteLength(payload) < COMPRESS_THRESHOLD)
      )
        return done(null, payload);
      return compress.call(this, request, reply, payload, done);
    };
  });
}
