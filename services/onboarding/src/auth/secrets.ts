import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: the value of a session cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the sessions table keeps instead of the token. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Uniform 6-digit code (000000–999999) from the CSPRNG. */
export function newSignInCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** `salt:hmac` — HMAC-SHA256 keyed by a random per-code salt. */
export function hashSignInCode(code: string, salt: Buffer = randomBytes(16)): string {
  return `${salt.toString('hex')}:${createHmac('sha256', salt).update(code, 'utf8').digest('hex')}`;
}

export function signInCodeMatches(code: string, stored: string): boolean {
  const [saltHex, digestHex] = stored.split(':');
  if (!saltHex || !digestHex) return false;
  const expected = Buffer.from(digestHex, 'hex');
  const actual = createHmac('sha256', Buffer.from(saltHex, 'hex')).update(code, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Session tokens are 43 base64url characters; anything else is refused before touching the database. */
export function looksLikeSessionToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}
