import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components, paths, webhooks } from './schema.js';

/**
 * @paymarket/sdk — a typed client for the PayMarket API, generated from its OpenAPI document (ADR 0035, 0053).
 * `schema.ts` is written by `npm run openapi:generate`; everything else here is a thin layer over openapi-fetch
 * and standardwebhooks. `npm run build` compiles it to dist/ and packs the tarball the gateway serves at /sdk/.
 */
export type { components, paths, webhooks };
export { API_VERSION } from './schema.js';
export type Schemas = components['schemas'];
export { WebhookVerificationError };

export interface PayMarketClientOptions {
  /** Where PayMarket runs, e.g. `https://paymarket.example` or `http://localhost:3000`. */
  baseUrl: string;
  /** A secret key (`sk_test_…` / `sk_live_…`); sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: ClientOptions['fetch'];
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
}

export type PayMarketClient = Client<paths>;

/**
 * A client whose paths, parameters, bodies and answers are typed from the OpenAPI document:
 *
 * ```ts
 * const paymarket = createPayMarketClient({ baseUrl, apiKey: process.env.PAYMARKET_SECRET_KEY });
 * const { data, error } = await paymarket.POST('/api/v1/orders', { body: { orderId: 'order_1', amount: '96.44', currency: 'usd', recipient } });
 * ```
 */
export function createPayMarketClient(options: PayMarketClientOptions): PayMarketClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: {
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      ...options.headers,
    },
  });
}

/** A webhook event as PayMarket sends it (the body of every delivery). */
export type WebhookEvent = {
  [Type in keyof webhooks]: webhooks[Type]['post'] extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;
}[keyof webhooks];

/** The event type names a webhook endpoint can receive. */
export type WebhookEventType = WebhookEvent['type'];

/** Request headers as Node's `IncomingMessage.headers` (lower-case names) or a fetch `Headers` object has them. */
export type WebhookHeaders = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: WebhookHeaders, name: string): string {
  const value =
    typeof headers.get === 'function'
      ? (headers as { get(name: string): string | null }).get(name)
      : (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/**
 * Verifies a delivery's Standard Webhooks signature with the endpoint's `whsec_…` secret and answers the typed event.
 * Pass the raw body exactly as received (not re-serialised JSON). Throws `WebhookVerificationError` when the signature
 * or the timestamp (5 minutes tolerance) is wrong. Dedupe on `headers['webhook-id']`: retries and resends keep it.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string): WebhookEvent {
  const wanted = {
    'webhook-id': header(headers, 'webhook-id'),
    'webhook-timestamp': header(headers, 'webhook-timestamp'),
    'webhook-signature': header(headers, 'webhook-signature'),
  };
  // Signed over the text: bytes (a Buffer is a Uint8Array) are read as UTF-8, as PayMarket sent them.
  const payload = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  return new Webhook(secret).verify(payload, wanted) as WebhookEvent;
}
