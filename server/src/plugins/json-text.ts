/**
 * A route's answer sent as JSON text made earlier (issue 16: a kept answer, modules/work-orders/work-order-home-cache.ts).
 * Fastify serializes objects only; a string with a JSON content type goes out as it is. The route's response schema
 * still documents the answer (OpenAPI); the text must have been made from a value of that schema's type.
 *
 * A kept answer (`JsonText`) also keeps its compressed forms: each encoding is made the first time a client asks for
 * it, as the compression plugin would make it (plugins/compression.ts), and sent with Content-Encoding set, which the
 * plugin then leaves alone. A phone asking for the same work order again costs no compression.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD, compressText, type Encoding, negotiateEncoding } from './compression.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export class JsonText {
  readonly #encoded = new Map<Encoding, Buffer>();
  /** Its size in bytes, which the compression threshold is about. */
  readonly bytes: number;
  constructor(readonly text: string) {
    this.bytes = Buffer.byteLength(text);
  }

  /** The text compressed with `encoding`, made once. */
  encoded(encoding: Encoding): Buffer {
    let bytes = this.#encoded.get(encoding);
    if (!bytes) {
      bytes = compressText(this.text, encoding);
      this.#encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** Sends the text, or its form in the encoding the client accepts (as the plugin would choose it) when over 1 KB. */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: JsonText): FastifyReply {
  reply.type(JSON_TYPE);
  const encoding = json.bytes >= COMPRESS_THRESHOLD ? negotiateEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(json.text);
  return reply.header('Vary', 'Accept-Encoding').header('Content-Encoding', encoding).send(json.encoded(encoding));
}
