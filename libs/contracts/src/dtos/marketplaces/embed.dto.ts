import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { ApiOrderView } from '../../api/payments.js';
import { normalisedEmail, trimmed } from '../transforms.js';
import { IsMoneyAmount } from '../payments/amount.js';
import { ORDER_ID_PATTERN, PAYMENT_CURRENCIES, RECIPIENT_PATTERN, type PaymentCurrency } from '../payments/create-order.dto.js';
import { PAYMENT_MESSAGES as M } from '../payments/payment-messages.js';
import { API_ORDER_MESSAGES } from '../payments/api-order.dto.js';

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

/** GET /api/embed/config?marketplace=… */
export interface EmbedConfigResponse {
  marketplace: { domain: string; displayName: string; accentColor: string | null; logoUrl: string | null };
  /** Send as X-PayMarket-Embed-Token from the checkout; bound to the marketplace and the embedding origin. */
  token: string;
  expiresAt: string;
  /** The iframe's address, relative to the PayMarket origin. */
  checkoutPath: string;
  developmentMode: boolean;
}

/** POST /api/embed/orders: a guest's order placed through a marketplace's widget. */
export class EmbedCreateOrderDto {
  @IsMoneyAmount({ message: M.INVALID_AMOUNT })
  amount!: number | string;

  @IsIn(PAYMENT_CURRENCIES, { message: M.CURRENCY })
  currency!: PaymentCurrency;

  @Transform(trimmed)
  @Matches(RECIPIENT_PATTERN, { message: API_ORDER_MESSAGES.RECIPIENT })
  @IsString({ message: API_ORDER_MESSAGES.RECIPIENT })
  recipient!: string;

  @Transform(normalisedEmail)
  @MaxLength(254, { message: EMBED_MESSAGES.BUYER_EMAIL })
  @IsEmail({}, { message: EMBED_MESSAGES.BUYER_EMAIL })
  buyerEmail!: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: EMBED_MESSAGES.BUYER_NAME })
  @IsString({ message: EMBED_MESSAGES.BUYER_NAME })
  buyerName?: string;

  /** The host page's own reference (the widget's data-order-id); PayMarket makes one when absent. */
  @IsOptional()
  @Transform(trimmed)
  @Matches(ORDER_ID_PATTERN, { message: M.ORDER_ID_FORMAT })
  @IsString({ message: M.ORDER_ID_FORMAT })
  orderId?: string;

  @IsOptional()
  @MaxLength(500, { message: 'Description must be at most 500 characters' })
  @IsString({ message: 'Description must be text' })
  description?: string;

  /** `location.ancestorOrigins[0]` (or the referrer's origin) as the iframe sees it; must match the token's origin. */
  @MaxLength(300, { message: EMBED_MESSAGES.EMBED_ORIGIN })
  @IsNotEmpty({ message: EMBED_MESSAGES.EMBED_ORIGIN })
  @IsString({ message: EMBED_MESSAGES.EMBED_ORIGIN })
  embedOrigin!: string;
}

/** What POST /api/embed/orders answers: the order and what the card step needs. */
export interface EmbedOrderResponse {
  order: ApiOrderView;
  paymentIntentId: string;
  clientSecret: string;
  developmentMode: boolean;
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
