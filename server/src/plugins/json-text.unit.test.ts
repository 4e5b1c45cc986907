import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './compression.js';
import { JsonText } from './json-text.js';

describe('JsonText', () => {
  it('counts bytes, not characters, against the threshold, and makes each encoding once', () => {
    const json = new JsonText(JSON.stringify({ name: 'é'.repeat(600) }));
    expect(json.bytes).toBe(json.text.length + 600);
    const br = json.encoded('br');
    expect(json.encoded('br')).toBe(br);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(json.text);
    expect(gunzipSync(json.encoded('gzip')).toString('utf8')).toBe(json.text);
  });

  it('negotiates as the compression plugin does: brotli first, gzip for * and x-gzip, none for identity', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('X-GZIP')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
