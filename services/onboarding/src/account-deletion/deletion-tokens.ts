import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe (43 characters): the secret in the emailed confirmation link. */
export function newDeletionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the table keeps instead of the token. A fast hash is enough for a 256-bit random secret (it cannot be guessed),
 * and looking rows up by it needs no constant-time comparison: the caller never learns anything about other hashes.
 */
export function hashDeletionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
