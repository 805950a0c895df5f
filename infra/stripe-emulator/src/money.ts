import { Errors } from './errors.js';

/** Currencies the emulator charges in (PayMarket's two); both have two decimals. */
export const SUPPORTED_CURRENCIES = ['usd', 'cad'] as const;

// Stripe's minimum charge is 0.50 in both currencies; its maximum for card payments is 999,999.99.
const MINIMUM_AMOUNT = 50;
const MAXIMUM_AMOUNT = 99_999_999;

export function formatAmount(amount: number, currency: string): string {
  const major = Math.floor(Math.abs(amount) / 100).toLocaleString('en-US');
  const minor = String(Math.abs(amount) % 100).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}$${major}.${minor}${currency ? ` ${currency}` : ''}`;
}

export function checkCurrency(currency: string): string {
  const lower = currency.toLowerCase();
  if (!(SUPPORTED_CURRENCIES as readonly string[]).includes(lower)) throw Errors.invalidCurrency(currency, SUPPORTED_CURRENCIES);
  return lower;
}

export function checkChargeAmount(amount: number, currency: string): void {
  if (amount < MINIMUM_AMOUNT) throw Errors.amountTooSmall(formatAmount(MINIMUM_AMOUNT, currency));
  if (amount > MAXIMUM_AMOUNT) throw Errors.amountTooLarge(formatAmount(MAXIMUM_AMOUNT, ''));
}

export function checkPositive(amount: number, param = 'amount'): void {
  if (amount <= 0) throw Errors.invalidParam(param, 'Invalid positive integer', 'parameter_invalid_integer');
}
