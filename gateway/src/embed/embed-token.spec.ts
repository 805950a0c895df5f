import { describe, expect, it } from '@jest/globals';
import { EMBED_TOKEN_TTL_SECONDS } from '@paymarket/contracts';
import { DEVELOPMENT_EMBED_TOKEN_SECRET, EmbedTokens, embedTokenSecretOf } from './embed-token.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const NOW = Date.parse('2026-11-27T10:00:00Z');
const SHOP = 'https://shop.example.com';

describe(EmbedTokens.name, () => {
  const sut = new EmbedTokens(SECRET, () => NOW);

  it('issues a token that verifies to the marketplace, the origin and an expiry one hour later', () => {
    const { token, claims } = sut.issue('mkt-1', SHOP);

    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(claims).toEqual({ marketplaceId: 'mkt-1', origin: SHOP, expiresAt: NOW / 1000 + EMBED_TOKEN_TTL_SECONDS });
    expect(sut.verify(token)).toEqual(claims);
  });

  it('refuses it once expired', () => {
    const { token } = sut.issue('mkt-1', SHOP);
    expect(new EmbedTokens(SECRET, () => NOW + EMBED_TOKEN_TTL_SECONDS * 1000 - 1).verify(token)).toBeDefined();
    expect(new EmbedTokens(SECRET, () => NOW + EMBED_TOKEN_TTL_SECONDS * 1000).verify(token)).toBeUndefined();
  });

  it('refuses a token signed with another secret', () => {
    const { token } = new EmbedTokens(`${SECRET}-other`, () => NOW).issue('mkt-1', SHOP);
    expect(sut.verify(token)).toBeUndefined();
  });

  it('refuses claims changed after signing (another origin, marketplace or expiry under the same signature)', () => {
    const { token } = sut.issue('mkt-1', SHOP);
    const [version, , signature] = token.split('.');
    for (const claims of [
      ['mkt-1', 'https://evil.example.com', NOW / 1000 + 3600],
      ['mkt-2', SHOP, NOW / 1000 + 3600],
      ['mkt-1', SHOP, NOW / 1000 + 360_000],
    ]) {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      expect(sut.verify(`${version}.${payload}.${signature}`)).toBeUndefined();
    }
  });

  it.each([
    ['nothing', undefined],
    ['a number', 42],
    ['an empty string', ''],
    ['two parts', 'v1.abc'],
    ['another version', 'v2.abc.def'],
    ['a truncated signature', 'cut'],
    ['a very long token', `v1.${'a'.repeat(5000)}.b`],
  ])('refuses %s', (_case, token) => {
    const real = sut.issue('mkt-1', SHOP).token;
    expect(sut.verify(token === 'cut' ? real.slice(0, -2) : token)).toBeUndefined();
  });

  it('refuses a correctly signed payload of the wrong shape', () => {
    // Signed with the secret (as a bug elsewhere might): still not claims.
    const forge = (payload: unknown) => {
      const issuer = new EmbedTokens(SECRET, () => NOW);
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const signature = (issuer as unknown as { sign(data: string): string }).sign(`v1.${body}`);
      return `v1.${body}.${signature}`;
    };
    expect(sut.verify(forge({ marketplaceId: 'mkt-1' }))).toBeUndefined();
    expect(sut.verify(forge(['mkt-1', SHOP, String(NOW / 1000 + 60)]))).toBeUndefined();
    expect(sut.verify(forge(['mkt-1', SHOP, NOW / 1000 + 60]))).toEqual({
      marketplaceId: 'mkt-1',
      origin: SHOP,
      expiresAt: NOW / 1000 + 60,
    });
  });

  it('will not sign with a short secret', () => {
    expect(() => new EmbedTokens('short')).toThrow(/too short/);
  });
});

describe(embedTokenSecretOf.name, () => {
  it('uses EMBED_TOKEN_SECRET when set', () => {
    expect(embedTokenSecretOf({ production: true, embedTokenSecret: SECRET })).toBe(SECRET);
  });

  it('refuses to run production without it, naming the variable', () => {
    expect(() => embedTokenSecretOf({ production: true })).toThrow(/EMBED_TOKEN_SECRET is required in production/);
    expect(() => embedTokenSecretOf({ production: true, embedTokenSecret: '' })).toThrow(/EMBED_TOKEN_SECRET/);
  });

  it('refuses a short one', () => {
    expect(() => embedTokenSecretOf({ production: false, embedTokenSecret: 'too-short' })).toThrow(/at least 32 characters/);
  });

  it('uses the fixed development secret otherwise, so local gateways share it', () => {
    expect(embedTokenSecretOf({ production: false })).toBe(DEVELOPMENT_EMBED_TOKEN_SECRET);
  });
});
