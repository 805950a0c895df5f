import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MARKETPLACE_WEBHOOK_EVENTS, type MarketplaceWebhookEvent } from '../marketplaces/marketplace-rules.js';

/** The events an integrator can receive on a webhook endpoint (spec §2 "Marketplace integration page", ADR 0033). */
export const WEBHOOK_EVENT_TYPES: readonly MarketplaceWebhookEvent[] = MARKETPLACE_WEBHOOK_EVENTS.map((e) => e.name);
export type WebhookEventType = MarketplaceWebhookEvent;

export const WEBHOOK_ENDPOINT_MESSAGES = {
  URL: 'url must be a valid https:// URL',
  URL_CREDENTIALS: 'url must not contain a user name or password',
  URL_PRIVATE_HOST: 'url must not point to a private, loopback or link-local address',
  EVENTS: `events must be a non-empty list of: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  NOT_FOUND: 'Webhook endpoint not found.',
  TOO_MANY: 'A company can register at most 16 webhook endpoints.',
} as const;

/** POST /api/v1/webhook-endpoints. The URL rules that depend on the environment are applied by notifications. */
export class CreateWebhookEndpointDto {
  @MaxLength(2048, { message: WEBHOOK_ENDPOINT_MESSAGES.URL })
  @IsNotEmpty({ message: WEBHOOK_ENDPOINT_MESSAGES.URL })
  @IsString({ message: WEBHOOK_ENDPOINT_MESSAGES.URL })
  url!: string;

  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: WEBHOOK_ENDPOINT_MESSAGES.EVENTS })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: WEBHOOK_ENDPOINT_MESSAGES.EVENTS })
  @ArrayNotEmpty({ message: WEBHOOK_ENDPOINT_MESSAGES.EVENTS })
  @IsArray({ message: WEBHOOK_ENDPOINT_MESSAGES.EVENTS })
  events!: WebhookEventType[];
}

/** A company's webhook endpoint as the API answers it (the signing secret is the company's whsec_…, never echoed). */
export interface WebhookEndpointResponse {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  createdAt: string;
}

export interface WebhookEndpointListResponse {
  data: WebhookEndpointResponse[];
}
