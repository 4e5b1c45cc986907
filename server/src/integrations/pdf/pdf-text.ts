/** Test helper: the text drawn on a pdfkit PDF's pages (content streams are deflated, strings written as hex). */
import { inflateSync } from 'node:zlib';

/**
 * A stream's bytes run from the end-of-line after `stream` to the one before `endstream`, which pdfkit writes as
 * "\n". A "\r" before it is the data's own last byte (a deflated stream ends in 0x0D about once in 256), so it is
 * tried with that byte too rather than taken for part of a "\r\n".
 */
function inflated(data: string, cr: string): string | null {
  for (const candidate of cr ? [data + cr, data] : [data]) {
    try {
      return inflateSync(Buffer.from(candidate, 'latin1')).toString('latin1');
    } catch {
      // not this one
    }
  }
  return null;
}

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)(\r?)\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const content = inflated(m[1] ?? '', m[2] ?? '');
    if (content === null) continue;
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g)) {
      out.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return out.join('');
}
