import { describe, expect, it } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import { matchingTotpStep, newTotpSecret, totpStepAt, totpUri } from './totp.js';

const codeAt = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: step * 30_000 });

describe(matchingTotpStep.name, () => {
  const secret = newTotpSecret();
  const now = new Date('2026-12-01T12:00:10Z');
  const step = totpStepAt(now);

  it('accepts the current code and one step of skew either side, naming the step it belongs to', () => {
    expect(matchingTotpStep(secret, codeAt(secret, step), now)).toBe(step);
    expect(matchingTotpStep(secret, codeAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchingTotpStep(secret, codeAt(secret, step + 1), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, of another secret, and malformed ones', () => {
    expect(matchingTotpStep(secret, codeAt(secret, step - 2), now)).toBeUndefined();
    expect(matchingTotpStep(secret, codeAt(secret, step + 2), now)).toBeUndefined();
    const other = newTotpSecret();
    const foreign = codeAt(other, step);
    // One chance in a million that another secret's code collides; skip the check then rather than flake.
    if (![step - 1, step, step + 1].some((s) => codeAt(secret, s) === foreign))
      expect(matchingTotpStep(secret, foreign, now)).toBeUndefined();
    for (const bad of ['', '12345', '1234567', 'abcdef']) expect(matchingTotpStep(secret, bad, now)).toBeUndefined();
  });
});

describe(newTotpSecret.name, () => {
  it('makes 160-bit base32 secrets and an otpauth URI authenticator apps read (SHA1, 6 digits, 30 s)', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'ops@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ issuer: 'PayMarket', secret, algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
