/**
 * Rules for white-label marketplace registration shared by the web form, the gateway and the onboarding service.
 * Money and percentages are parsed from their decimal text, never with float arithmetic.
 */
import { decimalToHundredths } from '../payments/money.js';

export { MARKETPLACE_FEE_DEFAULTS } from './marketplace-messages.js';

/** Largest fixed transaction fee a marketplace may set, in minor units (999.99). */
export const MAX_MARKETPLACE_FEE_MINOR = 99_999;

/**
 * "https://Shop.Example.com/path?q" → "shop.example.com": lower case, no scheme, path, query, fragment or trailing dot.
 * Anything else (a port, spaces, credentials) is left in place so the domain rule refuses it.
 */
export function normaliseDomain(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
}

/** A registrable host name: labels of letters, digits and inner dashes, a letter-only TLD, at most 253 characters. */
export function isDomainName(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1]!;
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return false;
  return labels.every((label) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(label));
}

/** "3.56" or 3.56 → 356; 0 is allowed; at most two decimals and 999.99. Undefined when not such an amount. */
export function feeToMinor(value: unknown): number | undefined {
  const minor = decimalToHundredths(value, 6);
  return minor !== undefined && minor <= MAX_MARKETPLACE_FEE_MINOR ? minor : undefined;
}

/** "5" or 2.5 → basis points (500, 250); 0 to 100 with at most two decimals. Undefined otherwise. */
export function percentToBps(value: unknown): number | undefined {
  const bps = decimalToHundredths(value, 3);
  return bps !== undefined && bps <= 10_000 ? bps : undefined;
}

/** 500 → "5", 250 → "2.5", 1234 → "12.34". */
export function formatBps(bps: number): string {
  const whole = Math.floor(bps / 100);
  const rest = bps % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * Webhook events an integrating marketplace can subscribe to (spec §2, integration guides). Names match PayMarket's
 * domain events.
 */
export const MARKETPLACE_WEBHOOK_EVENTS = [
  { name: 'payment.succeeded', description: 'A payment was captured; funds are on their way to the recipients.' },
  { name: 'payment.failed', description: 'A payment attempt failed (declined card, failed authentication).' },
  { name: 'payment.pending', description: 'A payment was created and is waiting for the buyer to confirm it.' },
  { name: 'payment.refunded', description: 'A payment was refunded in full or in part.' },
  { name: 'provider.connected', description: 'A print provider connected its card-provider account and can be paid.' },
  { name: 'order.updated', description: 'An order changed status.' },
] as const;

export type MarketplaceWebhookEvent = (typeof MARKETPLACE_WEBHOOK_EVENTS)[number]['name'];
