/**
 * The phone switch adapter: how the portal tells the provider's phone switch about forced authorization codes.
 *
 * The switch is reached over a small JSON API (PHONE_SWITCH_URL; PHONE_SWITCH_API_KEY as a Bearer key), one record per
 * code under the portal's own reference, so the code itself never appears in a URL or a log line:
 *   PUT    /v1/auth-codes/{ref}  { code, account, classOfService, enabled } -> 200 { state }   (idempotent upsert)
 *   GET    /v1/auth-codes/{ref}                                            -> 200 { state } | 404
 *   DELETE /v1/auth-codes/{ref}                                            -> 204 | 404 (already gone)
 * `state` is pending (the switch has it but not yet in service), active or suspended. A 4xx answer other than 404 is
 * a refusal (`{ reason }`), final for that content; no answer, a timeout or a 5xx is "unavailable", worth retrying.
 * The embedded default is the simulated switch in switch-simulator.ts (PHONE_SWITCH_SIMULATOR).
 */

export type SwitchState = 'pending' | 'active' | 'suspended';

export interface SwitchAuthCode {
  code: string;
  /** The customer account the code bills to. */
  account: string;
  classOfService: string;
  enabled: boolean;
}

export interface PhoneSwitch {
  putAuthCode(ref: string, authCode: SwitchAuthCode): Promise<SwitchState>;
  /** The switch's state of `ref`; null when it does not know it. */
  getAuthCode(ref: string): Promise<SwitchState | null>;
  /** Removes `ref`; a code the switch does not know counts as removed. */
  deleteAuthCode(ref: string): Promise<void>;
}

/** The switch said no: retrying the same thing will not help. The reason is the switch's, shown to staff. */
export class SwitchRefusedError extends Error {
  override name = 'SwitchRefusedError';
}

/** The switch could not be reached or failed: try again later. */
export class SwitchUnavailableError extends Error {
  override name = 'SwitchUnavailableError';
}

const STATES: readonly SwitchState[] = ['pending', 'active', 'suspended'];

export function createPhoneSwitchClient(options: { url: string; apiKey: string; timeoutMs?: number }): PhoneSwitch {
  const base = options.url.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;

  async function call(method: string, ref: string, body?: unknown): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${base}/v1/auth-codes/${encodeURIComponent(ref)}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new SwitchUnavailableError(
        timedOut ? `The phone switch did not answer within ${timeoutMs / 1000} s.` : 'The phone switch is unreachable.',
      );
    }
    if (res.status >= 500) throw new SwitchUnavailableError(`The phone switch answered ${res.status}.`);
    if (res.status >= 400 && res.status !== 404) {
      const reason = await res
        .json()
        .then((b) => {
          const reason = (b as { reason?: unknown } | null)?.reason;
          return typeof reason === 'string' ? reason.slice(0, 300) : null;
        })
        .catch(() => null);
      throw new SwitchRefusedError(reason ?? `The phone switch refused the request (${res.status}).`);
    }
    return res;
  }

  async function stateOf(res: Response): Promise<SwitchState> {
    const body = (await res.json().catch(() => ({}))) as { state?: unknown };
    if (typeof body.state === 'string' && (STATES as readonly string[]).includes(body.state)) {
      return body.state as SwitchState;
    }
    throw new SwitchUnavailableError('The phone switch answered something the portal does not understand.');
  }

  return {
    async putAuthCode(ref, authCode) {
      const res = await call('PUT', ref, authCode);
      if (res.status === 404) throw new SwitchUnavailableError('The phone switch does not offer auth codes (404).');
      return stateOf(res);
    },
    async getAuthCode(ref) {
      const res = await call('GET', ref);
      if (res.status === 404) return null;
      return stateOf(res);
    },
    async deleteAuthCode(ref) {
      await call('DELETE', ref);
    },
  };
}
