import { formatMinor } from '@paymarket/contracts';

/** "$103.56 USD" for ("10356", "usd"): integer minor units (a decimal string, as events carry them). */
export function formatMoney(minor: string | bigint, currency: string): string {
  const value = BigInt(minor);
  return `${value < 0n ? '-' : ''}$${formatMinor(value < 0n ? -value : value)} ${currency.toUpperCase()}`;
}

/** "22 Nov 2026, 06:40 UTC": the moment the event happened, in UTC so every reader sees the same date. */
export function formatReceiptDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}
