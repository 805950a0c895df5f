import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomToken(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Stripe-looking object ids: `pi_3Q…`, `ch_3Q…`, `acct_1Q…` (the prefix names the object type). */
export function stripeId(prefix: string): string {
  return `${prefix}_${prefix === 'acct' ? '1' : '3'}${randomToken(prefix === 'acct' ? 15 : 23)}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
