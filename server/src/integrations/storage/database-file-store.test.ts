/**
 * The database file store (STORAGE=postgres) on the test database (SQLite, or PostgreSQL with DATABASE_URL): what
 * one instance stores every other instance reads, large files in chunks, streamed, writes all or nothing, damaged
 * bytes never served.
 */
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Db, openDatabase } from '../../db/connect.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { CHUNK_BYTES, createDatabaseFileStore } from './database-file-store.js';
import { FILE_DAMAGED_MESSAGE, sha256Of } from './file-store.js';

let t: TestApp;
let other: Db;
beforeAll(async () => {
  t = await createTestApp();
  // Another instance: its own connection pool (or SQLite connection) to the same database.
  other = openDatabase(t.ctx.config.database);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const store = () => createDatabaseFileStore(t.db.db);
const chunkRows = (db = t.db.db) =>
  db.selectFrom('stored_file_chunks').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

describe('database file store', () => {
  it('writes a file, reads it back on another instance, and deletes it', async () => {
    const bytes = Buffer.from('hello from instance one');
    const stored = await store().put('attachments/1/hello.txt', bytes);
    expect(stored).toEqual({ key: 'attachments/1/hello.txt', sizeBytes: bytes.length, sha256: sha256Of(bytes) });

    const elsewhere = createDatabaseFileStore(other.db);
    expect(await elsewhere.exists('attachments/1/hello.txt')).toBe(true);
    const opened = await elsewhere.open('attachments/1/hello.txt');
    expect(opened.sizeBytes).toBe(bytes.length);
    expect(await buffer(opened.stream)).toEqual(bytes);
    const checked = await elsewhere.open('attachments/1/hello.txt', { sha256: stored.sha256 });
    expect(await buffer(checked.stream)).toEqual(bytes);

    await elsewhere.remove('attachments/1/hello.txt');
    expect(await store().exists('attachments/1/hello.txt')).toBe(false);
    await expect(store().open('attachments/1/hello.txt')).rejects.toMatchObject({ statusCode: 404 });
    // Removing what is not there is not an error (as on disk).
    await store().remove('attachments/1/hello.txt');
  });

  it('stores a large file in chunks and streams it back one chunk per query', async () => {
    const size = 3 * CHUNK_BYTES + 12_345;
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >> 12)) & 0xff;
    const before = Number((await chunkRows()).n);
    const stored = await store().put('applicants/9/large.zip', bytes);
    expect(stored.sizeBytes).toBe(size);
    expect(Number((await chunkRows()).n) - before).toBe(4);
    const row = await t.db.db
      .selectFrom('stored_files')
      .selectAll()
      .where('key', '=', 'applicants/9/large.zip')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ size_bytes: size, chunks: 4, sha256: stored.sha256 });

    const opened = await createDatabaseFileStore(other.db).open('applicants/9/large.zip');
    expect(opened.sizeBytes).toBe(size);
    const parts: Buffer[] = [];
    for await (const part of opened.stream) parts.push(part as Buffer);
    expect(parts.map((p) => p.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, 12_345]);
    const whole = Buffer.concat(parts);
    expect(createHash('sha256').update(whole).digest('hex')).toBe(stored.sha256);

    await store().remove('applicants/9/large.zip');
    expect(Number((await chunkRows()).n)).toBe(before);
  });

  it('replaces a file under the same key in one step, leaving no old chunks', async () => {
    const before = Number((await chunkRows()).n);
    await store().put('photos/2/p.png', Buffer.from('first version'));
    await store().put('photos/2/p.png', Buffer.from('second'));
    expect(await buffer((await store().open('photos/2/p.png')).stream)).toEqual(Buffer.from('second'));
    expect(Number((await chunkRows()).n)).toBe(before + 1);
    await store().put('empty/zero.bin', Buffer.alloc(0));
    expect(await buffer((await store().open('empty/zero.bin')).stream)).toEqual(Buffer.alloc(0));
  });

  it('keeps nothing of a write that fails half-way (one transaction)', async () => {
    const before = Number((await chunkRows()).n);
    // Chunks of 4 bytes; the key is refused only when the file row is written, after the chunks.
    const failing = createDatabaseFileStore(t.db.db, { chunkBytes: 4, now: () => new Date(Number.NaN) });
    await expect(failing.put('half/way.bin', Buffer.from('twelve bytes'))).rejects.toThrow();
    expect(Number((await chunkRows()).n)).toBe(before);
    expect(await store().exists('half/way.bin')).toBe(false);
  });

  it('refuses to serve bytes that no longer match the recorded sha256 (500 "damaged", logged with the key)', async () => {
    const log = { error: vi.fn() };
    const logged = createDatabaseFileStore(t.db.db, { log });
    const stored = await logged.put('integrity/changed.txt', Buffer.from('original'));
    const { blob_id } = await t.db.db
      .selectFrom('stored_files')
      .select('blob_id')
      .where('key', '=', 'integrity/changed.txt')
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('stored_file_chunks')
      .set({ data: Buffer.from('tampered') })
      .where('blob_id', '=', blob_id)
      .execute();
    const err = await logged.open('integrity/changed.txt', { sha256: stored.sha256 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 500, code: 'file_damaged', message: FILE_DAMAGED_MESSAGE });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'integrity/changed.txt', expected: stored.sha256 }),
      expect.stringMatching(/damaged/),
    );
  });

  it('refuses keys that are not the server’s own kind', async () => {
    for (const key of ['../etc/passwd', 'a//b', '.hidden']) {
      await expect(store().put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    }
  });

  it('is what the app uses on PostgreSQL, and serves the demo files from it', async () => {
    const kind = t.ctx.config.storage.kind;
    expect(kind).toBe(t.db.dialect === 'postgres' ? 'postgres' : 'disk');
    if (kind !== 'postgres') return;
    const rows = await t.db.db.selectFrom('stored_files').select('key').execute();
    expect(rows.length).toBeGreaterThan(10);
  });
});
