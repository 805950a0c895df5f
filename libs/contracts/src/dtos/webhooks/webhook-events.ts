// Free of decorators, so the developer console renders with them without class-validator (web/src/lib/contracts-light.ts).
import { MARKETPLACE_WEBHOOK_EVENTS, type MarketplaceWebhookEvent } from '../marketplaces/marketplace-rules.js';

/**
 * The events an integrator can receive on a webhook endpoint: the six of the spec's integration page (spec §2
 * "Marketplace integration page", ADR 0033), then the ones added since (payment.disputed, ADR 0045).
 */
export type WebhookEventType = MarketplaceWebhookEvent | 'payment.disputed';
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [...MARKETPLACE_WEBHOOK_EVENTS.map((e) => e.name), 'payment.disputed'];

/** The test event an endpoint can ask for (not a domain event: only that endpoint receives it). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
