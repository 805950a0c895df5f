import { createHash, randomInt } from 'node:crypto';
import { ADMIN_RECOVERY_CODE_COUNT } from '@paymarket/contracts';

// Base32's letters and digits, lower-case: no 0/1/8/9, so none reads as o, l or b.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** One code: 12 characters (60 random bits) shown as `abcdef-234567`. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 6)}-${code.slice(6)}`;
}

export function newRecoveryCodes(count: number = ADMIN_RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, newRecoveryCode);
}

/** Dashes, spaces and case do not matter when a code is typed back. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

/** What is stored: sha256 of the normalised code (60 random bits each: guessing one from its hash costs ~2^59 hashes, so no slow hash is needed). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code), 'utf8').digest('hex');
}
