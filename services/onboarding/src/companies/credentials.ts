import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiCredentials } from '@paymarket/contracts';

/** Fresh API credentials; `live` picks the pk_live_/sk_live_ prefixes (production) over pk_test_/sk_test_. */
export function generateCredentials(live: boolean): ApiCredentials {
  const mode = live ? 'live' : 'test';
  return {
    apiKey: `pk_${mode}_${randomBytes(16).toString('hex')}`,
    secretKey: `sk_${mode}_${randomBytes(32).toString('base64url')}`,
  };
}

/** A 256-bit URL-safe token for the one-time credentials link. */
export function generateLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a secret. Enough for 256-bit random secrets (they cannot be guessed, so a slow hash adds only latency),
 * the same reasoning as seller edit tokens (ADR 0024).
 */
export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(presented: string, storedHash: Buffer | null | undefined): boolean {
  if (!storedHash || storedHash.length !== 32) return false;
  return timingSafeEqual(hashSecret(presented), storedHash);
}
