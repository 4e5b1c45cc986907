/**
 * The payment-gateway adapter: what the billing module needs from a card and bank processor. The portal never
 * keeps a card or account number: it hands them to `tokenize*` once and stores the token, brand, last four digits
 * and expiry. Charges carry the gateway's own idempotency key, so asking twice (a retry after a lost answer)
 * charges once, as every real processor allows. The embedded default is the sandbox gateway (sandbox-gateway.ts);
 * app.ts picks the gateway from PAYMENT_GATEWAY and puts it on the AppContext as `ctx.payments`.
 */

export interface CardToTokenize {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode: string;
  holderName: string;
}

export interface BankAccountToTokenize {
  routingNumber: string;
  accountNumber: string;
  accountType: 'Checking' | 'Savings';
  holderName: string;
}

export interface TokenizedMethod {
  token: string;
  /** Visa, Mastercard, Amex, Discover; Checking or Savings. */
  brand: string;
  last4: string;
  /** The same card or account gives the same fingerprint (per gateway), so a duplicate can be refused. */
  fingerprint: string;
}

export type TokenizeResult = { ok: true; method: TokenizedMethod } | { ok: false; field: string; message: string };

export interface ChargeRequest {
  token: string;
  amountCents: number;
  /** One charge per key, whatever the number of calls. */
  idempotencyKey: string;
  description: string;
}

export type ChargeOutcome =
  | { status: 'succeeded'; reference: string }
  | { status: 'declined'; code: string; message: string };

export interface RefundRequest {
  /** The charge's reference (ChargeOutcome.reference). */
  chargeReference: string;
  amountCents: number;
  /** One refund per key, whatever the number of calls. */
  idempotencyKey: string;
}

export type RefundOutcome = { status: 'refunded'; reference: string } | { status: 'refused'; message: string };

/** No answer from the gateway: the charge may or may not have happened. Ask again with the same key. */
export class GatewayUnavailableError extends Error {
  constructor(message = 'The payment gateway did not answer.') {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

export interface PaymentGateway {
  readonly name: string;
  tokenizeCard(card: CardToTokenize): Promise<TokenizeResult>;
  tokenizeBankAccount(account: BankAccountToTokenize): Promise<TokenizeResult>;
  /** Throws GatewayUnavailableError when there is no answer. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The charge made under a key, or null when there is none. Throws GatewayUnavailableError. */
  findCharge(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /**
   * Gives back (part of) a succeeded charge. Refused when the charge is unknown, not succeeded, or would be refunded
   * beyond its amount. Throws GatewayUnavailableError when there is no answer (ask again with the same key).
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
}
