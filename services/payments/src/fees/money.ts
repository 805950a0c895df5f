/** Currencies PayMarket charges in. Lowercase ISO codes, as Stripe uses them. */
export const CURRENCIES = ['usd', 'cad'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Money is an integer count of minor units (cents); never a float. */
export type Minor = bigint;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

// Decimal text from the outside is parsed once, by `amountToMinor` in @paymarket/contracts (the DTOs' rule).

/** "96.44" for 9644n: the shared formatter, so payments, emails and the web print money alike. */
export { formatMinor } from '@paymarket/contracts';
