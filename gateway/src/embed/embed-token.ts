import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMBED_TOKEN_TTL_SECONDS } from '@paymarket/contracts';

/**
 * Development and test runs sign with this fixed secret, so every gateway of a local cluster accepts the others'
 * tokens. Production refuses to start without EMBED_TOKEN_SECRET (embedTokenSecretOf).
 */
export const DEVELOPMENT_EMBED_TOKEN_SECRET = 'paymarket-development-embed-token-secret-do-not-use-in-production';
export const MIN_EMBED_TOKEN_SECRET_LENGTH = 32;

const VERSION = 'v1';
/** Far above any real token (an origin is at most 300 characters): longer input is refused before any work. */
const MAX_TOKEN_LENGTH = 1024;

/** What a valid embed token says: the marketplace and the page origin it was issued to, and until when. */
export interface EmbedTokenClaims {
  marketplaceId: string;
  origin: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** The secret the gateway signs embed tokens with: EMBED_TOKEN_SECRET, required in production. */
export function embedTokenSecretOf(config: { production: boolean; embedTokenSecret?: string }): string {
  const secret = config.embedTokenSecret;
  if (secret !== undefined && secret !== '') {
    if (secret.length < MIN_EMBED_TOKEN_SECRET_LENGTH) {
      throw new Error(`EMBED_TOKEN_SECRET must be at least ${MIN_EMBED_TOKEN_SECRET_LENGTH} characters`);
    }
    return secret;
  }
  if (config.production) {
    throw new Error(
      'EMBED_TOKEN_SECRET is required in production: at least 32 random characters shared by every gateway replica (e.g. openssl rand -base64 48)',
    );
  }
  return DEVELOPMENT_EMBED_TOKEN_SECRET;
}

/**
 * The embed widget's tokens (ADR 0052): `v1.<claims>.<HMAC-SHA256>`, base64url, stateless. The gateway gives one to
 * a page of a marketplace's registered domain (GET /api/embed/config) and the checkout iframe sends it back with each
 * call; a token names the origin it was issued to, so it is useless to a page elsewhere.
 */
export class EmbedTokens {
  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
    private readonly ttlSeconds: number = EMBED_TOKEN_TTL_SECONDS,
  ) {
    if (secret.length < MIN_EMBED_TOKEN_SECRET_LENGTH) throw new Error('the embed token secret is too short');
  }

  issue(marketplaceId: string, origin: string): { token: string; claims: EmbedTokenClaims } {
    const claims: EmbedTokenClaims = { marketplaceId, origin, expiresAt: Math.floor(this.now() / 1000) + this.ttlSeconds };
    const payload = Buffer.from(JSON.stringify([claims.marketplaceId, claims.origin, claims.expiresAt]), 'utf8').toString('base64url');
    const signed = `${VERSION}.${payload}`;
    return { token: `${signed}.${this.sign(signed)}`, claims };
  }

  /** The claims of a token this gateway (or one sharing its secret) issued and that has not expired; else undefined. */
  verify(token: unknown): EmbedTokenClaims | undefined {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION) return undefined;
    const [, payload, signature] = parts as [string, string, string];
    const expected = Buffer.from(this.sign(`${VERSION}.${payload}`), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    // Constant time: how much of a forged signature matched must not show in the answer's timing.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!Array.isArray(decoded) || decoded.length !== 3) return undefined;
    const [marketplaceId, origin, expiresAt] = decoded as unknown[];
    if (typeof marketplaceId !== 'string' || typeof origin !== 'string' || typeof expiresAt !== 'number') return undefined;
    if (expiresAt * 1000 <= this.now()) return undefined;
    return { marketplaceId, origin, expiresAt };
  }

  private sign(data: string): string {
    return createHmac('sha256', this.secret).update(data, 'utf8').digest('base64url');
  }
}
