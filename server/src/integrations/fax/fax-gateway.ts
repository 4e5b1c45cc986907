/**
 * The fax gateway adapter: how the portal hands a fax to the carrier. One call per try, named by a call id the
 * portal chooses; the carrier answers a call id it has seen with that call's first outcome and never transmits it
 * again, so a try whose answer was lost can be asked again safely. FAX_GATEWAY_URL names the carrier's HTTP API;
 * the embedded default is the simulated carrier (fax-simulator.ts) on FAX_SIMULATOR_PORT.
 */

export interface FaxDocument {
  contentType: string;
  bytes: Buffer;
}

export interface FaxCall {
  /** The portal's id of this call: the same id always means the same call. */
  callId: string;
  from: string;
  to: string;
  /** 1 for the first try of a round, 2 for the next… */
  attempt: number;
  pages: number;
  documents: FaxDocument[];
}

export type FaxOutcome = 'sent' | 'busy' | 'no-answer' | 'failed';

export interface FaxCallResult {
  callId: string;
  outcome: FaxOutcome;
  /** The carrier's words for a call that did not go through. */
  detail: string | null;
  /** True when the carrier had already seen this call id and answered from its record. */
  duplicate: boolean;
}

/** The carrier's system did not answer (down, timed out, or answered nonsense): the call's outcome is unknown. */
export class FaxGatewayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FaxGatewayUnavailable';
  }
}

export interface FaxGateway {
  send(call: FaxCall): Promise<FaxCallResult>;
}

const OUTCOMES: readonly FaxOutcome[] = ['sent', 'busy', 'no-answer', 'failed'];

/** The carrier's HTTP API: POST {url}/v1/calls with the fax as JSON (documents base64), answered with the outcome. */
export function createHttpFaxGateway(options: { url: string; timeoutMs: number }): FaxGateway {
  const base = options.url.replace(/\/$/, '');
  return {
    async send(call) {
      let res: Response;
      try {
        res = await fetch(`${base}/v1/calls`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            callId: call.callId,
            from: call.from,
            to: call.to,
            attempt: call.attempt,
            pages: call.pages,
            documents: call.documents.map((d) => ({ contentType: d.contentType, data: d.bytes.toString('base64') })),
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (err) {
        throw new FaxGatewayUnavailable(`the fax carrier at ${base} did not answer`, { cause: err });
      }
      if (!res.ok) throw new FaxGatewayUnavailable(`the fax carrier answered HTTP ${res.status}`);
      const body = (await res.json().catch(() => null)) as Partial<FaxCallResult> | null;
      if (!body || body.callId !== call.callId || !OUTCOMES.includes(body.outcome as FaxOutcome)) {
        throw new FaxGatewayUnavailable('the fax carrier answered something that is not a call outcome');
      }
      return {
        callId: call.callId,
        outcome: body.outcome as FaxOutcome,
        detail: typeof body.detail === 'string' ? body.detail : null,
        duplicate: body.duplicate === true,
      };
    },
  };
}
