import { describe, expect, it } from '@jest/globals';
import { generateToken, hashToken, tokenMatches } from './seller-tokens.js';

describe('seller tokens', () => {
  it('generates 256-bit URL-safe tokens that never repeat', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('keeps a SHA-256 hash, not the token, and matches only the same token', () => {
    const token = generateToken();
    const stored = hashToken(token);
    expect(stored).toHaveLength(32);
    expect(stored.toString('utf8')).not.toContain(token);
    expect(tokenMatches(token, stored)).toBe(true);
    expect(tokenMatches(generateToken(), stored)).toBe(false);
    expect(tokenMatches(`${token}x`, stored)).toBe(false);
    expect(tokenMatches('', stored)).toBe(false);
  });

  it('never matches a missing or malformed stored hash', () => {
    expect(tokenMatches('anything', null)).toBe(false);
    expect(tokenMatches('anything', Buffer.alloc(5))).toBe(false);
  });
});
