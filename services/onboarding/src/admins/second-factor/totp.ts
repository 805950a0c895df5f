import { timingSafeEqual } from 'node:crypto';
import { ADMIN_TOTP } from '@paymarket/contracts';
import { Secret, TOTP } from 'otpauth';

/** Steps of clock skew accepted either side of now (ADR 0072): a code from the previous or the next 30 s also passes. */
export const TOTP_SKEW_STEPS = 1;

const totpOf = (secret: string, email: string) =>
  new TOTP({
    issuer: ADMIN_TOTP.ISSUER,
    label: email,
    algorithm: ADMIN_TOTP.ALGORITHM,
    digits: ADMIN_TOTP.DIGITS,
    period: ADMIN_TOTP.PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 160 random bits (RFC 4226's recommended length for SHA-1), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app scans. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The 30-second step a time falls in. */
export function totpStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / ADMIN_TOTP.PERIOD_SECONDS);
}

/**
 * The step whose code `code` is, within TOTP_SKEW_STEPS of now, or undefined. Every candidate is compared in
 * constant time; the caller refuses a step at or before the last one accepted (replay).
 */
export function matchingTotpStep(secret: string, code: string, now: Date): number | undefined {
  const totp = totpOf(secret, 'x');
  const current = totpStepAt(now);
  let matched: number | undefined;
  for (let delta = -TOTP_SKEW_STEPS; delta <= TOTP_SKEW_STEPS; delta++) {
    const step = current + delta;
    const expected = Buffer.from(totp.generate({ timestamp: step * ADMIN_TOTP.PERIOD_SECONDS * 1000 }));
    const given = Buffer.from(code);
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched ??= step;
  }
  return matched;
}
