/**
 * The e-mail channel of notifications: SMTP through nodemailer, a text and an HTML part, and on every mail a
 * recipient may stop the RFC 8058 one-click unsubscribe headers (List-Unsubscribe with the https link,
 * List-Unsubscribe-Post: List-Unsubscribe=One-Click). A 5xx answer of the server is final; anything else is tried
 * again. The Message-ID is the outbox row's, so a receiving system can tell a repeat.
 */
import { lazyTransport } from './mailer.js';

export interface NotificationMail {
  ref: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string | null;
}

export class MailRejected extends Error {}

export interface NotificationMailer {
  send(mail: NotificationMail): Promise<{ providerId: string }>;
  close(): void;
}

export function createNotificationMailer(options: {
  smtpUrl: string;
  from: string;
  domain: string;
}): NotificationMailer {
  // One pooled connection, reused from mail to mail (a burst of a notice: a new SMTP session per mail was most of
  // its time, docs/performance.md "Outage notice burst").
  const pooled = `${options.smtpUrl}${options.smtpUrl.includes('?') ? '&' : '?'}pool=true&maxConnections=1`;
  const transport = lazyTransport((n) => n.createTransport(pooled));
  return {
    async send(mail) {
      const messageId = `<${mail.ref}@${options.domain}>`;
      try {
        const info = await transport.get().sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId,
          headers: mail.unsubscribeUrl
            ? {
                'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }
            : {},
        });
        return { providerId: info.messageId ?? messageId };
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500) throw new MailRejected((err as Error).message);
        throw err;
      }
    },
    close: transport.close,
  };
}
