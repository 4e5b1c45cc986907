/**
 * The server's mail outbox (no SMTP is set in the browser tests): each mail an .eml file in DATA_DIR/outbox. Through a
 * cluster (E2E_OUTBOX_DIRS, set by scripts/cluster-e2e.mjs), whichever instance sent a mail wrote it to its own
 * outbox: all of them are read.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The whole message, quoted-printable decoded. */
  text: string;
}

/** The outbox directories of the server (or of every instance of the cluster) the specs run against. */
export function outboxDirs(): string[] {
  const cluster = process.env.E2E_OUTBOX_DIRS;
  if (cluster) return cluster.split(path.delimiter).filter((dir) => existsSync(dir));
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts');
  return [path.join(dataDir, 'outbox')];
}

/** Every mail in the current spec server's outbox, oldest first (file names start with the ISO time of writing). */
export async function outboxMails(): Promise<OutboxMail[]> {
  const files = (
    await Promise.all(
      outboxDirs().map(async (dir) =>
        (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).map((f) => ({ dir, f })),
      ),
    )
  )
    .flat()
    .sort((a, b) => (a.f < b.f ? -1 : a.f > b.f ? 1 : 0));
  return Promise.all(
    files.map(async ({ dir, f: file }) => {
      const raw = await readFile(path.join(dir, file), 'utf8');
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

/** Decodes a quoted-printable mail body (soft line breaks and =XX escapes). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The mails the notification delivery sent through SMTP (issue 30): the spec server's SMTP sink writes each as an
 * .eml file in DATA_DIR/mail-sink. Oldest first; `headers` is the raw header block, unfolded.
 */
export async function sinkMails(): Promise<(OutboxMail & { headers: string })[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts');
  const dir = path.join(dataDir, 'mail-sink');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(dir, file), 'utf8');
      const headers = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
      return {
        file,
        headers,
        to: /^To: (.*)$/m.exec(headers)?.[1]?.trim() ?? '',
        subject: /^Subject: (.*)$/m.exec(headers)?.[1]?.trim() ?? '',
        text: decodeQuotedPrintable(raw),
      };
    }),
  );
}
