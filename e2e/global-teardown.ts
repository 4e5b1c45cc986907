import { rmSync } from 'node:fs';

/** Removes this run's data (the template and every spec's copy) unless KEEP_E2E_DATA is set for debugging. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_RUN_DIR;
  if (dir && !process.env.KEEP_E2E_DATA) rmSync(dir, { recursive: true, force: true });
}
