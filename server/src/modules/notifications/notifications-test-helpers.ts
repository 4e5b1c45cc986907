/**
 * Delivery with real parts for other modules' tests (a notice's mail, an offer): a real SMTP server (smtp-server)
 * that records each mail it receives, the simulated SMS carrier, and a delivery round of the outbox through them.
 * `refused` addresses get a 550 (refused for good); while `down` is set every mail gets a 421 (try again later).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { AppContext } from '../../context.js';
import { createNotificationMailer } from '../../integrations/mail/notification-mail.js';
import { createSmsGateway } from '../../integrations/sms/sms-gateway.js';
import { type SmsSimulator, startSmsSimulator } from '../../integrations/sms/sms-simulator.js';
import { type DeliveryChannels, deliverNotifications } from './notifications.jobs.js';

export interface DeliveryParts {
  received: { to: string; raw: string }[];
  refused: Set<string>;
  smtp: { down: boolean };
  /** The channels a delivery round sends through, and the carrier's log of texts. */
  channels: DeliveryChannels;
  carrier: SmsSimulator;
  /** One delivery round of the outbox; answers how many rows it claimed. */
  deliver(ctx: AppContext): Promise<number>;
  /** The mails received whose subject is exactly `subject`. */
  mailsAbout(subject: string): { to: string; raw: string }[];
  close(): Promise<void>;
}

/** `refuse`: addresses refused for good besides those in `refused` (e.g. every "bounce…" address of a test). */
export async function startDeliveryParts(
  options: { refuse?: (address: string) => boolean } = {},
): Promise<DeliveryParts> {
  const received: DeliveryParts['received'] = [];
  const refused = new Set<string>();
  const state = { down: false };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _s, cb) {
      if (refused.has(address.address) || options.refuse?.(address.address))
        return cb(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      if (state.down) return cb(Object.assign(new Error('Try again later'), { responseCode: 421 }));
      cb();
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const carrier = await startSmsSimulator({ host: '127.0.0.1', port: 0, authToken: 'test-sms-token' });
  const channels: DeliveryChannels = {
    email: createNotificationMailer({
      smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      from: 'Strand <no-reply@strand.test>',
      domain: 'strand.test',
    }),
    sms: createSmsGateway({
      url: `http://127.0.0.1:${carrier.port}`,
      accountSid: 'ACtest',
      authToken: 'test-sms-token',
      from: '+15735550100',
    }),
  };
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    received,
    refused,
    smtp: state,
    channels,
    carrier,
    deliver: async (ctx) => (await deliverNotifications(ctx, { channels })).claimed,
    mailsAbout: (subject) => received.filter((m) => new RegExp(`^Subject: ${literal(subject)}$`, 'm').test(m.raw)),
    close: async () => {
      channels.email.close();
      await carrier.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
