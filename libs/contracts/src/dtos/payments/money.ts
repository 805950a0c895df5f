// The money helpers, free of decorators so the web can import this file alone (ADR 0044, P5); amount.ts re-exports
// them beside the IsMoneyAmount decorator.
import { MAX_AMOUNT_MINOR } from './payment-messages.js';

/**
 * Integer hundredths of a non-negative decimal as forms and env send it (a JSON number like 96.44 or a decimal string
 * "96.44"): at most `wholeDigits` digits before the point and two after. Read from the decimal text, never with
 * float arithmetic; undefined when it is not such a number. Amounts (cents) and percentages (basis points) share it.
 */
export function decimalToHundredths(value: unknown, wholeDigits: number): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match || match[1]!.length > wholeDigits) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "96.44" for 9644 (or 9644n): minor units as a two-decimal text, the sign kept. The one money formatter. */
export function formatMinor(minor: bigint | number): string {
  const value = BigInt(minor);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** An amount as the forms send it: positive, at most two decimals, at most 999,999.99 (MAX_AMOUNT_MINOR). */
export function amountToMinor(value: unknown): number | undefined {
  const minor = decimalToHundredths(value, 9);
  return minor !== undefined && minor > 0 && minor <= MAX_AMOUNT_MINOR ? minor : undefined;
}
