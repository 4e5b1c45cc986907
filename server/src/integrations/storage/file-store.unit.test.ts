import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLocalFileStore, DISK_FULL_MESSAGE, FILE_DAMAGED_MESSAGE, sha256Of } from './file-store.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'strand-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createLocalFileStore(root);

/** Every file under a folder, recursively, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

const fsError = (code: string) => Object.assign(new Error(`${code}: injected`), { code });

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
    await expect(store.open('nope/missing.png', { sha256: 'ab' })).rejects.toMatchObject({ statusCode: 404 });
    expect(await store.exists('nope/missing.png')).toBe(false);
  });
});

describe('stored-file integrity', () => {
  it('serves a file whose bytes match the recorded sha256', async () => {
    const stored = await store.put('integrity/ok.txt', Buffer.from('intact'));
    const file = await store.open('integrity/ok.txt', { sha256: stored.sha256 });
    expect(file.sizeBytes).toBe(6);
    expect(await text(file.stream)).toBe('intact');
  });

  it('refuses a file changed on disk with a 500 "damaged", logged with its key, never served', async () => {
    const log = { error: vi.fn() };
    const logged = createLocalFileStore(root, { log });
    const stored = await logged.put('integrity/changed.txt', Buffer.from('original'));
    writeFileSync(path.join(root, 'integrity', 'changed.txt'), 'tampered');
    const err = await logged.open('integrity/changed.txt', { sha256: stored.sha256 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 500, code: 'file_damaged', message: FILE_DAMAGED_MESSAGE });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({
        key: 'integrity/changed.txt',
        expected: stored.sha256,
        actual: sha256Of(Buffer.from('tampered')),
      }),
      expect.stringMatching(/damaged/),
    );
  });
});

describe('failed writes', () => {
  it('leave no temporary file when the rename fails (a directory in place of the target)', async () => {
    mkdirSync(path.join(root, 'fail', 'target.png'), { recursive: true });
    await expect(store.put('fail/target.png', Buffer.from('x'))).rejects.toThrow();
    expect(filesUnder(path.join(root, 'fail'))).toEqual([]);
  });

  it('leave no temporary file when the write fails', async () => {
    const failing = createLocalFileStore(root, {
      fs: {
        open: (async (...args: Parameters<typeof open>) => {
          const handle = await open(...args);
          return Object.assign(Object.create(handle) as FileHandle, {
            writeFile: async () => {
              await handle.writeFile('partial');
              throw fsError('EIO');
            },
            sync: () => handle.sync(),
            close: () => handle.close(),
          });
        }) as typeof open,
      },
    });
    await expect(failing.put('write-fail/a.png', Buffer.from('whole file'))).rejects.toThrow(/EIO/);
    expect(filesUnder(path.join(root, 'write-fail'))).toEqual([]);
  });

  it('turn a full disk (ENOSPC, EDQUOT) into a 507 with a plain message, logged, and no temporary file', async () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const log = { error: vi.fn() };
      const full = createLocalFileStore(root, {
        log,
        fs: {
          rename: async () => {
            throw fsError(code);
          },
        },
      });
      const err = await full.put(`full-${code}/a.png`, Buffer.from('x')).catch((e: unknown) => e);
      expect(err).toMatchObject({ statusCode: 507, code: 'insufficient_storage', message: DISK_FULL_MESSAGE });
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ key: `full-${code}/a.png` }),
        expect.any(String),
      );
      expect(filesUnder(path.join(root, `full-${code}`))).toEqual([]);
    }
  });
});
