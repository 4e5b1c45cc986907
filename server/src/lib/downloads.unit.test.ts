import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentDisposition, sendDownload } from './downloads.js';

/** The parameters of a Content-Disposition value, split the way RFC 6266 reads it. */
function parameters(header: string) {
  const match =
    /^(inline|attachment); filename="((?:[^"\\]|\\.)*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]*)$/.exec(header);
  if (!match) throw new Error(`not a well-formed Content-Disposition: ${JSON.stringify(header)}`);
  return { kind: match[1], ascii: match[2] ?? '', utf8: decodeURIComponent(match[3] ?? '') };
}

describe('contentDisposition', () => {
  it('keeps a plain name as it is', () => {
    expect(contentDisposition('attachment', 'invoice-7002.pdf')).toBe(
      `attachment; filename="invoice-7002.pdf"; filename*=UTF-8''invoice-7002.pdf`,
    );
  });

  it('cannot be broken by quotes, backslashes or CR/LF', () => {
    const hostile = 'a"; filename="evil.exe\\\r\nSet-Cookie: x=1\r\n.pdf';
    const header = contentDisposition('attachment', hostile);
    expect(header).not.toMatch(/[\r\n]/);
    const p = parameters(header);
    expect(p.ascii).toBe('a_; filename=_evil.exe___Set-Cookie: x=1__.pdf');
    expect(p.utf8).toBe(hostile);
  });

  it('gives non-ASCII names an ASCII fallback and the real name in filename*', () => {
    const p = parameters(contentDisposition('inline', 'Relevé été – ünïcødé 📄 (1).pdf'));
    expect(p.kind).toBe('inline');
    expect(p.ascii).toMatch(/^[\x20-\x7e]+$/);
    expect(p.ascii).toBe('Relev_ _t_ _ _n_c_d_ __ (1).pdf');
    expect(p.utf8).toBe('Relevé été – ünïcødé 📄 (1).pdf');
  });

  it('survives a lone surrogate', () => {
    const p = parameters(contentDisposition('attachment', 'x\uD800y.zip'));
    expect(p.utf8).toBe('x\uFFFDy.zip');
  });
});

describe('sendDownload', () => {
  it('sends the file with the safe headers', async () => {
    const app = Fastify();
    app.get('/f', (_req, reply) =>
      sendDownload(reply, { body: 'a,b\r\n', contentType: 'text/csv; charset=utf-8', fileName: 'r"\n.csv' }),
    );
    const res = await app.inject({ method: 'GET', url: '/f' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="r__.csv"; filename*=UTF-8''r%22%0A.csv`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe('a,b\r\n');
    await app.close();
  });
});
