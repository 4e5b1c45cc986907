import { rmSync } from 'node:fs';

/** Removes this run's data directory (database, outbox) unless KEEP_E2E_DATA is set for debugging. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && !process.env.KEEP_E2E_DATA) rmSync(dir, { recursive: true, force: true });
}
