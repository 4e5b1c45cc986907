/** The server's mail outbox (no SMTP is set in the browser tests): each mail an .eml file in DATA_DIR/outbox. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeQuotedPrintable } from './app';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The whole message, quoted-printable decoded. */
  text: string;
}

/** Every mail in the current spec server's outbox, oldest first. */
export async function outboxMails(): Promise<OutboxMail[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts');
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      const text = /Content-Transfer-Encoding:\s*quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw;
      return {
        file,
        to: /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        text,
      };
    }),
  );
}
