/** Password hashing with argon2id (OWASP parameters: 19 MiB, 2 iterations, 1 lane) and the password policy. */
import argon2 from 'argon2';
import { badRequest } from './errors.js';
import { lazyModule } from './lazy-module.js';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown user cannot be told from a wrong password by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}

// ---- password policy (NIST SP 800-63B 5.1.1.2: refuse passwords found in breach corpora and context words) ------

/** How many of the most common passwords (ranked, from zxcvbn-ts' common list) are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the 10,000 most common passwords. Choose one that is harder to guess.';
export const PASSWORD_HAS_NAME_MESSAGE = 'Your password must not contain your username.';

// zxcvbn-ts unpacks its dictionaries when its module loads: with the first password chosen, not at start-up.
const zxcvbnCommon = lazyModule<typeof import('@zxcvbn-ts/language-common')>('@zxcvbn-ts/language-common');

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = zxcvbnCommon();
    common = new Set(
      (dictionary['passwords-common'] as string[]).slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()),
    );
  }
  return common;
}

/** Why a new password may not be used (null when it may): too common, or it contains the user name. */
export function passwordPolicyProblem(password: string, username: string): string | null {
  if (commonPasswords().has(password.toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  const name = username.trim().toLowerCase();
  if (name.length >= 3 && password.toLowerCase().includes(name)) return PASSWORD_HAS_NAME_MESSAGE;
  return null;
}

/** Refuses a new password that breaks the policy, naming the field (400). */
export function assertPasswordAllowed(password: string, username: string, field = 'password'): void {
  const problem = passwordPolicyProblem(password, username);
  if (problem) throw badRequest(problem, { [field]: problem });
}
