/**
 * The one way a route sends a file: every download's headers, with the file name made safe. RFC 6266 with RFC 5987:
 * `filename="…"` is an ASCII fallback (controls such as CR/LF, quotes, backslashes and non-ASCII replaced by `_`, so
 * no name can end the header or the quoted string), and `filename*=UTF-8''…` carries the real name percent-encoded.
 */
import type { FastifyReply } from 'fastify';

export type DispositionKind = 'inline' | 'attachment';

/** RFC 5987 attr-chars only: encodeURIComponent leaves ' ( ) * ! as they are, which a header parameter may not. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function contentDisposition(kind: DispositionKind, fileName: string): string {
  // Lone surrogates cannot be encoded as UTF-8: they become U+FFFD first.
  const name = fileName.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

export interface Download {
  body: string | Buffer | NodeJS.ReadableStream;
  contentType: string;
  fileName: string;
  /** 'attachment' (saved) unless the caller knows the type is safe to show in place. */
  kind?: DispositionKind;
  sizeBytes?: number;
}

/** Sends a file: type, length when known, the safe Content-Disposition, never cached, never sniffed. */
export function sendDownload(reply: FastifyReply, file: Download) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.kind ?? 'attachment', file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (file.sizeBytes !== undefined) reply.header('content-length', String(file.sizeBytes));
  return reply.send(file.body);
}
