import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh 256-bit secret, URL-safe (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a token. Enough for 256-bit random secrets: unlike passwords they cannot be guessed, so a slow hash
 * would add nothing but latency (ADR "seller edit tokens").
 */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Compares a presented token with a stored hash in constant time. */
export function tokenMatches(presented: string, storedHash: Buffer | null | undefined): boolean {
  if (!storedHash || storedHash.length !== 32) return false;
  return timingSafeEqual(hashToken(presented), storedHash);
}
