import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { PASSWORD_MIN_LENGTH, authMessages, authResponseMessages } from '@pillars/contracts';
import { COMMON_PASSWORDS } from './common-passwords';

/** `Algorithm.Argon2id`; the enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (docs/decisions/009). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, never a crash that reveals the account exists.
    return false;
  }
}

/**
 * A real hash to verify against when the username is unknown, so a failed sign-in costs the
 * same time whether or not the account exists.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  return decoyHash;
}

/**
 * Why a new password is refused, or null: the spec's 6-character minimum, a password from the
 * list of the most common ones, or one that repeats the account's own username or e-mail.
 */
export function passwordProblem(password: string, account: { username?: string; email?: string | null } = {}) {
  if (password.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return authResponseMessages.commonPassword;
  const own = [account.username, account.email, account.email?.split('@')[0]].filter(
    (v): v is string => typeof v === 'string' && v.length > 0,
  );
  if (own.some((value) => value.toLowerCase() === lower)) return authResponseMessages.commonPassword;
  return null;
}
