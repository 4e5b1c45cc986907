/**
 * The file store in the database (STORAGE=postgres, the default with DATABASE_URL): every instance of a cluster reads
 * the files any of them stored, and the provider's PostgreSQL backups and replicas carry them. A file is a
 * `stored_files` row (key, size, sha256, how many chunks) pointing at one generation of `stored_file_chunks` (at most
 * CHUNK_BYTES each, so no row or query grows with the file). A put writes the chunks and points the key at them in
 * one transaction: a failed or interrupted write leaves nothing, and a replaced file's old chunks go in the same
 * transaction. A read without a recorded sha256 streams the chunks one query at a time; with one it reads the chunks,
 * checks the hash and only then serves (as the disk store does): damaged bytes are a 500, never served.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import {
  assertValidKey,
  FILE_MISSING_MESSAGE,
  type FileStore,
  fileDamaged,
  type StoreLog,
  sha256Of,
} from './file-store.js';

/** The size of one stored chunk: large enough that a photo is one or a few rows, small enough to stream. */
export const CHUNK_BYTES = 1_048_576;

export function createDatabaseFileStore(
  db: Kysely<Database>,
  options: { log?: StoreLog; now?: () => Date; chunkBytes?: number } = {},
): FileStore {
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  const now = options.now ?? (() => new Date());
  const log = options.log;

  const fileRow = (key: string) =>
    db.selectFrom('stored_files').select(['blob_id', 'size_bytes', 'chunks']).where('key', '=', key).executeTakeFirst();
  const chunk = async (blobId: string, n: number): Promise<Buffer> => {
    const row = await db
      .selectFrom('stored_file_chunks')
      .select('data')
      .where('blob_id', '=', blobId)
      .where('n', '=', n)
      .executeTakeFirst();
    // Replaced or removed while being read: end the stream with an error rather than mixing two files.
    if (!row) throw new Error(`file store: chunk ${n} of ${blobId} is gone`);
    return Buffer.from(row.data);
  };

  return {
    async put(key, data) {
      assertValidKey(key);
      const blobId = randomUUID();
      const stored = { key, sizeBytes: data.length, sha256: sha256Of(data) };
      const chunks = Math.max(1, Math.ceil(data.length / chunkBytes));
      await db.transaction().execute(async (trx) => {
        for (let n = 0; n < chunks; n += 1) {
          await trx
            .insertInto('stored_file_chunks')
            .values({ blob_id: blobId, n, data: data.subarray(n * chunkBytes, (n + 1) * chunkBytes) })
            .execute();
        }
        // The key's earlier generation (its row locked until commit on PostgreSQL) goes with this write.
        const before = await trx.deleteFrom('stored_files').where('key', '=', key).returning('blob_id').execute();
        for (const { blob_id } of before) {
          await trx.deleteFrom('stored_file_chunks').where('blob_id', '=', blob_id).execute();
        }
        const row = {
          blob_id: blobId,
          size_bytes: stored.sizeBytes,
          sha256: stored.sha256,
          chunks,
          stored_at: now().toISOString(),
        };
        await trx
          .insertInto('stored_files')
          .values({ key, ...row })
          // Two first puts of one key at once: the later one wins, as a rename over a file does on disk.
          .onConflict((oc) => oc.column('key').doUpdateSet(row))
          .execute();
      });
      return stored;
    },

    async open(key, openOptions = {}) {
      assertValidKey(key);
      const file = await fileRow(key);
      if (!file) throw notFound(FILE_MISSING_MESSAGE);
      const expected = openOptions.sha256;
      if (!expected) {
        const { blob_id: blobId, chunks: count } = file;
        async function* chunks() {
          for (let n = 0; n < count; n += 1) yield await chunk(blobId, n);
        }
        return { stream: Readable.from(chunks()), sizeBytes: file.size_bytes };
      }
      const parts: Buffer[] = [];
      try {
        for (let n = 0; n < file.chunks; n += 1) parts.push(await chunk(file.blob_id, n));
      } catch {
        throw notFound(FILE_MISSING_MESSAGE);
      }
      const bytes = Buffer.concat(parts);
      const actual = sha256Of(bytes);
      if (actual !== expected.toLowerCase()) {
        log?.error({ key, expected, actual, sizeBytes: bytes.length }, 'file store: stored file is damaged');
        throw fileDamaged();
      }
      return { stream: Readable.from([bytes]), sizeBytes: bytes.length };
    },

    async exists(key) {
      assertValidKey(key);
      return (await fileRow(key)) !== undefined;
    },

    async remove(key) {
      assertValidKey(key);
      await db.transaction().execute(async (trx) => {
        const row = await trx.deleteFrom('stored_files').where('key', '=', key).returning('blob_id').executeTakeFirst();
        if (row) await trx.deleteFrom('stored_file_chunks').where('blob_id', '=', row.blob_id).execute();
      });
    },
  };
}
