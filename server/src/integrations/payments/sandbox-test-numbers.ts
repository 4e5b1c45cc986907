/**
 * The sandbox gateway's test numbers (docs/demo.md, "Payments in the sandbox"). Like a processor's test mode, it takes
 * only these: any other number is refused, so a real card never reaches the sandbox.
 */

export type SandboxBehaviour = 'approve' | 'decline' | 'insufficient_funds' | 'fail';

export interface SandboxTestNumber {
  number: string;
  brand: string;
  behaviour: SandboxBehaviour;
}

export const SANDBOX_TEST_CARDS: readonly SandboxTestNumber[] = [
  { number: '4242424242424242', brand: 'Visa', behaviour: 'approve' },
  { number: '5555555555554444', brand: 'Mastercard', behaviour: 'approve' },
  { number: '378282246310005', brand: 'Amex', behaviour: 'approve' },
  { number: '6011111111111117', brand: 'Discover', behaviour: 'approve' },
  { number: '4000000000000002', brand: 'Visa', behaviour: 'decline' },
  { number: '4000000000009995', brand: 'Visa', behaviour: 'insufficient_funds' },
  { number: '4000000000000119', brand: 'Visa', behaviour: 'fail' },
];

/** Bank accounts (any valid routing number, e.g. 011000015). */
export const SANDBOX_TEST_ACCOUNTS: readonly SandboxTestNumber[] = [
  { number: '000123456789', brand: 'Checking', behaviour: 'approve' },
  { number: '000111111116', brand: 'Checking', behaviour: 'insufficient_funds' },
  { number: '000222222227', brand: 'Checking', behaviour: 'fail' },
];

export const DECLINE_MESSAGES: Record<Exclude<SandboxBehaviour, 'approve' | 'fail'>, string> = {
  decline: 'The card was declined.',
  insufficient_funds: 'The payment was declined for insufficient funds.',
};
