/**
 * A CommonJS package loaded on first use instead of when the server starts: its loading is paid by the first request
 * that needs it, not by every start (pdfkit, nodemailer, the PostgreSQL driver on SQLite, the HTML sanitizer, the
 * common-password list).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function lazyModule<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(id) as T;
    return loaded;
  };
}
