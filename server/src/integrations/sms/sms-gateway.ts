/**
 * The SMS carrier's HTTP API, Twilio-style: `POST {url}/2010-04-01/Accounts/{accountSid}/Messages.json` with HTTP
 * basic auth (account sid, auth token) and a form body (To, From, Body). Each message carries the portal's own
 * reference (`X-Message-Ref`, the outbox row's); a carrier that has seen the reference answers from its record and
 * never sends it twice. A 4xx answer is final (a bad number); a 5xx or no answer is tried again.
 */

export interface SmsMessage {
  ref: string;
  to: string;
  body: string;
}

export interface SmsResult {
  providerId: string;
  /** queued | sent | delivered (the simulated carrier answers delivered at once). */
  status: string;
}

export class SmsRejected extends Error {}
export class SmsCarrierUnavailable extends Error {}

export interface SmsGateway {
  send(message: SmsMessage): Promise<SmsResult>;
}

export function createSmsGateway(options: {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
}): SmsGateway {
  const endpoint = `${options.url.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send(message) {
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            'x-message-ref': message.ref,
          },
          body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsCarrierUnavailable(`The SMS carrier did not answer (${(err as Error).message}).`);
      }
      const answer = (await res.json().catch(() => ({}))) as { sid?: string; status?: string; message?: string };
      if (res.status >= 500)
        throw new SmsCarrierUnavailable(answer.message ?? `The SMS carrier answered ${res.status}.`);
      if (!res.ok || !answer.sid)
        throw new SmsRejected(answer.message ?? `The SMS carrier refused it (${res.status}).`);
      return { providerId: answer.sid, status: answer.status ?? 'queued' };
    },
  };
}
