import type { PaymentCurrency } from '../payments/currencies.js';

// Free of decorators and of class-validator: /widget.js and the web's first render import this file alone (ADR 0044,
// P5); embed.dto.ts re-exports it.

/**
 * The embed widget (ADR 0052). `/widget.js`, pasted on a page of a marketplace's registered domain, asks
 * `GET /api/embed/config?marketplace=<domain>` from that page (the browser's Origin header says where it runs), gets a
 * short-lived embed token bound to the marketplace and that origin, and opens the gateway's `/embed/checkout` in an
 * iframe (CSP frame-ancestors from the marketplace's domains). The iframe creates the order with the token; card data
 * never touches the host page.
 */
export const EMBED_MESSAGES = {
  /** What the widget shows on a site that is not one of the marketplace's domains. */
  NOT_ENABLED: 'PayMarket checkout is not enabled for this site.',
  MARKETPLACE_REQUIRED: 'marketplace must be the domain the marketplace registered, such as shop.example.com',
  NOT_READY: 'This marketplace is not ready to take payments yet.',
  TOKEN_REQUIRED: 'The checkout has expired or was not opened by the PayMarket widget. Reload the page and try again.',
  ORIGIN_MISMATCH: 'This checkout was opened on another site. Reload the page and try again.',
  EMBED_ORIGIN: 'embedOrigin must be the origin of the page the checkout is embedded in',
  BUYER_EMAIL: 'Please enter a valid email address',
  BUYER_NAME: 'Name must be at most 100 characters',
} as const;

/** The header the embedded checkout sends its token in. */
export const EMBED_TOKEN_HEADER = 'x-paymarket-embed-token';
/** How long an embed token lives. */
export const EMBED_TOKEN_TTL_SECONDS = 3600;

/**
 * What the iframe tells the widget, and the widget tells the host page. postMessage `{source: EMBED_MESSAGE_SOURCE,
 * type, detail}` from the PayMarket origin to the host; the widget re-dispatches it as a DOM CustomEvent named `type`
 * (bubbling, on the widget's container) with the same `detail`.
 */
export const EMBED_MESSAGE_SOURCE = 'paymarket-checkout';
export const EMBED_EVENTS = {
  READY: 'paymarket:ready',
  RESIZE: 'paymarket:resize',
  SUCCEEDED: 'paymarket:payment_succeeded',
  FAILED: 'paymarket:payment_failed',
  NOT_ENABLED: 'paymarket:not_enabled',
} as const;
export type EmbedEventName = (typeof EMBED_EVENTS)[keyof typeof EMBED_EVENTS];

export interface EmbedEventDetail {
  marketplace: string;
  /** PayMarket's id of the order (GET /api/v1/orders/{id}). */
  orderId?: string;
  /** The order id the integrator sees (the widget's data-order-id, or one PayMarket made). */
  reference?: string;
  paymentIntentId?: string;
  amount?: string;
  currency?: PaymentCurrency;
  /** The decline message, on paymarket:payment_failed. */
  message?: string;
  /** Pixel height of the checkout, on paymarket:resize. */
  height?: number;
}

/**
 * Whether `origin` (scheme://host[:port]) may embed a marketplace with these domains. Production: https on the
 * default port only. Development: http too, on any port (a test page is served from a local port).
 */
export function embedOriginAllowed(origin: string, domains: readonly string[], production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  if (production && (url.protocol !== 'https:' || url.port !== '')) return false;
  if (!production && url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return domains.includes(url.hostname);
}

/** The `frame-ancestors` sources for these domains, as embedOriginAllowed decides ('none' without any). */
export function frameAncestorsFor(domains: readonly string[], production: boolean): string {
  if (domains.length === 0) return "'none'";
  return domains
    .flatMap((d) => (production ? [`https://${d}`] : [`https://${d}:*`, `http://${d}:*`, `https://${d}`, `http://${d}`]))
    .join(' ');
}
