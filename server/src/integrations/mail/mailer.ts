/**
 * Outgoing mail. With SMTP_URL set, mail goes through SMTP; otherwise each message is written as a real RFC 822
 * .eml file to DATA_DIR/outbox (the embedded default), and the server log names the file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { lazyModule } from '../../lib/lazy-module.js';

/** nodemailer loads with the first mail, not when the server starts (most instances send none for a while). */
const nodemailer = lazyModule<typeof import('nodemailer')>('nodemailer');

/** A transport made on first use. */
export function lazyTransport(make: (mailer: typeof import('nodemailer')) => Transporter) {
  let transport: Transporter | null = null;
  return {
    get: () => {
      transport ??= make(nodemailer());
      return transport;
    },
    close: () => transport?.close(),
  };
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(
  options: { smtpUrl?: string | undefined; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (options.smtpUrl) {
    const transport = lazyTransport((n) => n.createTransport(options.smtpUrl));
    return {
      async send(message) {
        await transport.get().sendMail({ from: options.from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const stream = lazyTransport((n) => n.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(message) {
      const info = await stream.get().sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}
