import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFileStore } from './file-store.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'strand-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createLocalFileStore(root);

describe('local file store', () => {
  it('writes a file under its key and reads it back with size and sha256', async () => {
    const stored = await store.put('attachments/1/a.txt', Buffer.from('hello'));
    expect(stored).toEqual({
      key: 'attachments/1/a.txt',
      sizeBytes: 5,
      sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    });
    const { stream, sizeBytes } = await store.open('attachments/1/a.txt');
    expect(sizeBytes).toBe(5);
    expect(await text(stream)).toBe('hello');
    expect(readdirSync(path.join(root, 'attachments', '1'))).toEqual(['a.txt']);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '.hidden', 'a\\b']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    }
  });

  it('answers 404 for a missing file', async () => {
    await expect(store.open('nope/missing.png')).rejects.toMatchObject({ statusCode: 404 });
    expect(await store.exists('nope/missing.png')).toBe(false);
  });
});
