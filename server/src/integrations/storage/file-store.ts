/**
 * Files on disk under DATA_DIR/files, addressed by server-chosen keys such as `attachments/100001/3f2a….png`.
 * Writes go to a temporary file, are fsynced, then renamed into place: a crash never leaves half a file under a key,
 * and a failed write (any step) removes its temporary file. A full disk (ENOSPC, EDQUOT) is a 507 with a plain
 * message. Reads given the sha256 recorded at upload check it before a byte is served: a file that changed on disk
 * is a 500 "damaged" (logged with its key), never served. (An S3-compatible store can implement the same interface.)
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HttpError, notFound } from '../../lib/errors.js';

export interface StoredFile {
  key: string;
  sizeBytes: number;
  sha256: string;
}

export interface OpenOptions {
  /** The sha256 recorded when the file was stored: the bytes are checked against it before anything is served. */
  sha256?: string | null;
}

export interface FileStore {
  put(key: string, data: Buffer): Promise<StoredFile>;
  open(key: string, options?: OpenOptions): Promise<{ stream: Readable; sizeBytes: number }>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

/** Where the store reports what users only see as a plain sentence (the app's logger). */
export interface StoreLog {
  error(obj: object, msg: string): void;
}

export const DISK_FULL_MESSAGE =
  'The server has no room to store this file right now. Please try again later; the office has been told.';
export const FILE_DAMAGED_MESSAGE = 'The stored file is damaged; the office has been told.';
export const FILE_MISSING_MESSAGE = 'The file is not available.';

/** 507 Insufficient Storage: the disk (or the quota) is full. */
export const diskFull = () => new HttpError(507, 'insufficient_storage', DISK_FULL_MESSAGE);
/** 500: the bytes on disk no longer match what was stored; the server's fault, not the request's. */
export const fileDamaged = () => new HttpError(500, 'file_damaged', FILE_DAMAGED_MESSAGE);

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
export const isDiskFull = (err: unknown) =>
  typeof err === 'object' && err !== null && DISK_FULL_CODES.has((err as { code?: string }).code ?? '');

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key: ${key}`);
  }
}

/** The file-system calls the store makes, replaceable in tests to inject failures (a full disk, a failed rename). */
export interface StoreFs {
  mkdir: typeof mkdir;
  open: typeof open;
  rename: typeof rename;
  rm: typeof rm;
  stat: typeof stat;
  readFile: typeof readFile;
}

const realFs: StoreFs = { mkdir, open, rename, rm, stat, readFile };

export function createLocalFileStore(root: string, options: { log?: StoreLog; fs?: Partial<StoreFs> } = {}): FileStore {
  const fs: StoreFs = { ...realFs, ...options.fs };
  const log = options.log;
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await fs.mkdir(path.dirname(target), { recursive: true });
        const handle = await fs.open(temp, 'wx', 0o640);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, target);
      } catch (err) {
        // Every failure (open, write, sync, close, rename) leaves no temporary file behind.
        await fs.rm(temp, { force: true }).catch(() => undefined);
        if (isDiskFull(err)) {
          log?.error({ err, key }, 'file store: no space left to store a file');
          throw diskFull();
        }
        throw err;
      }
      return { key, sizeBytes: data.length, sha256: sha256Of(data) };
    },
    async open(key, openOptions = {}) {
      const file = resolve(key);
      const expected = openOptions.sha256;
      if (!expected) {
        try {
          const info = await fs.stat(file);
          if (!info.isFile()) throw new Error('not a file');
          return { stream: createReadStream(file), sizeBytes: info.size };
        } catch {
          throw notFound(FILE_MISSING_MESSAGE);
        }
      }
      // Stored files are small (at most a few MB): read whole, hash, then serve the very bytes that were checked.
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(file);
      } catch {
        throw notFound(FILE_MISSING_MESSAGE);
      }
      const actual = sha256Of(bytes);
      if (actual !== expected.toLowerCase()) {
        log?.error({ key, expected, actual, sizeBytes: bytes.length }, 'file store: stored file is damaged');
        throw fileDamaged();
      }
      return { stream: Readable.from([bytes]), sizeBytes: bytes.length };
    },
    async exists(key) {
      try {
        await fs.stat(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
