/**
 * A local SMTP server (smtp-server) for `npm start` without SMTP_URL: the portal's mail still goes through real SMTP,
 * and each message received is written as an .eml file under DATA_DIR/mail-sink. Loopback only, no authentication.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpSink(options: { host: string; port: number; dir: string }): Promise<SmtpSink> {
  await mkdir(options.dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        n += 1;
        const file = path.join(options.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${n}.eml`);
        writeFile(file, Buffer.concat(chunks), { mode: 0o600 }).then(
          () => callback(),
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
