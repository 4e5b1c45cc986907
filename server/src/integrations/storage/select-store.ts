/** The file store STORAGE names: the database's (shared by every instance) or DATA_DIR/files on this disk. */
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { createDatabaseFileStore } from './database-file-store.js';
import { createLocalFileStore, type FileStore, type StoreLog } from './file-store.js';

export function createFileStore(
  kind: 'postgres' | 'disk',
  options: { db: Kysely<Database>; dataDir: string; log?: StoreLog; now?: () => Date },
): FileStore {
  return kind === 'postgres'
    ? createDatabaseFileStore(options.db, { log: options.log, now: options.now })
    : createLocalFileStore(path.join(options.dataDir, 'files'), { log: options.log });
}
