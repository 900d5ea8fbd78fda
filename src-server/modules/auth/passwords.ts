import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from '../../../shared/contract/auth.ts';

/** Argon2id in the library's numbering (its declarations hold it as an ambient const enum). */
const ARGON2ID = 2 as Algorithm;

/** argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** The settings a stored hash names (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). */
const CURRENT_SETTINGS = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/**
 * Whether a stored hash was made with other settings than today's (an older algorithm, less memory
 * or fewer passes): after a correct sign-in it is made again with the password just checked.
 */
export function passwordNeedsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(CURRENT_SETTINGS);
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first sign-in, so even that one takes the usual time. */
export function warmPasswordChecks(): void {
  dummyHash ??= hashPassword('dummy password for unknown accounts');
}

/**
 * Checks a password against a stored hash. Without a hash (unknown email, account without a
 * password) a dummy hash is checked instead, so the answer takes as long either way and timing
 * does not tell which emails have accounts.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  // Sign-in accepts any length the forms allow; far longer input is refused without hashing it.
  const candidate = password.length > PASSWORD_MAX_LENGTH * 8 ? '' : password;
  if (!storedHash) {
    warmPasswordChecks();
    await verify(await (dummyHash as Promise<string>), candidate).catch(() => false);
    return false;
  }
  if (candidate === '') return false;
  try {
    return await verify(storedHash, candidate);
  } catch {
    return false;
  }
}

/** The zxcvbn-ts list of the most common passwords (about 49,000 entries, lower-case). */
let commonPasswords: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The server's rules beyond the shared length rule: not among the most common passwords and not
 * the account's own email (or its part before the @). Answers the message to show, or null.
 */
export function newPasswordProblem(password: string, email?: string | null): string | null {
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.tooCommon;
  if (email) {
    const lower = password.toLowerCase();
    const address = email.trim().toLowerCase();
    if (lower === address || lower === address.split('@')[0]) return PASSWORD_MESSAGES.sameAsEmail;
  }
  return null;
}
