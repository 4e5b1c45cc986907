/**
 * Files on disk under DATA_DIR/files, addressed by server-chosen keys such as `attachments/100001/3f2a….png`.
 * Writes go to a temporary file, are fsynced, then renamed into place: a crash never leaves half a file under a key.
 * (An S3-compatible store can implement the same interface later.)
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { notFound } from '../../lib/errors.js';

export interface StoredFile {
  key: string;
  sizeBytes: number;
  sha256: string;
}

export interface FileStore {
  put(key: string, data: Buffer): Promise<StoredFile>;
  open(key: string): Promise<{ stream: Readable; sizeBytes: number }>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key: ${key}`);
  }
}

export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      const handle = await open(temp, 'wx', 0o640);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
      return { key, sizeBytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
    },
    async open(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), sizeBytes: info.size };
      } catch {
        throw notFound('The file is not available.');
      }
    },
    async exists(key) {
      try {
        await stat(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
