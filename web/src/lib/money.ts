import { amountToMinor, formatMinor } from '@/lib/contracts-light';

// Money on the web is decimal text from the server ("96.44") or from an input; arithmetic happens in integer cents.

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** Cents of a decimal text such as "96.44", "0.00" or "-3.5"; undefined when it is not one. */
export function decimalToMinor(text: string | null | undefined): number | undefined {
  const match = DECIMAL.exec((text ?? '').trim());
  if (!match) return undefined;
  const minor = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? (match[1] === '-' ? -minor : minor) : undefined;
}

/**
 * Cents of an amount a person typed, by the same rule the payment DTOs apply (positive, two decimals at most,
 * within the upper bound); undefined otherwise.
 */
export function enteredAmountToMinor(text: string): number | undefined {
  return amountToMinor(text);
}

/** "103.56" from 10356 (the shared formatter). */
export const minorToDecimal = (minor: number): string => formatMinor(minor);

/** "$1,234.50" from a decimal text; the text itself when it is not a decimal (never shown as NaN). */
export function formatDollars(decimal: string): string {
  const minor = decimalToMinor(decimal);
  if (minor === undefined) return decimal;
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$103.56 USD". */
export function formatMoney(decimal: string, currency: string): string {
  return `${formatDollars(decimal)} ${currency.toUpperCase()}`;
}
