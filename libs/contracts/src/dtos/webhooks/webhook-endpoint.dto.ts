import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events.js';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events.js';

export const WEBHOOK_ENDPOINT_MESSAGES = {
  URL: 'url must be a valid https:// URL',
  URL_CREDENTIALS: 'url must not contain a user name or password',
  URL_PRIVATE_HOST: 'url must not point to a private, loopback or link-local address',
  EVENTS: `events must be a non-empty list of: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  NOT_FOUND: 'Webhook endpoint not found.',
  DESCRIPTION: 'description must be text of at most 200 characters',
  ENABLED: 'enabled must be true or false',
  EXPIRES_IN_HOURS: 'expiresInHours must be a whole number of hours from 0 to 24',
  EMPTY_UPDATE: 'Send at least one of url, events, description, enabled.',
  TEST_TYPE: 'type must be webhook.test',
  TEST_DISABLED: 'The endpoint is disabled: enable it before sending it a test event.',
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

  @IsOptional()
  @MaxLength(200, { message: WEBHOOK_ENDPOINT_MESSAGES.DESCRIPTION })
  @IsString({ message: WEBHOOK_ENDPOINT_MESSAGES.DESCRIPTION })
  description?: string;
}

/** PATCH /api/v1/webhook-endpoints/{id}: any of the fields; disabling stops new deliveries. */
export class UpdateWebhookEndpointDto {
  @IsOptional()
  @MaxLength(2048, { message: WEBHOOK_ENDPOINT_MESSAGES.URL })
  @IsNotEmpty({ message: WEBHOOK_ENDPOINT_MESSAGES.URL })
  @IsString({ message: WEBHOOK_ENDPOINT_MESSAGES.URL })
  url?: string;

  @IsOptional()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: WEBHOOK_ENDPOINT_MESSAGES.EVENTS })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: WEBHOOK_ENDPOINT_MESSAGES.EVENTS })
  @ArrayNotEmpty({ message: WEBHOOK_ENDPOINT_MESSAGES.EVENTS })
  @IsArray({ message: WEBHOOK_ENDPOINT_MESSAGES.EVENTS })
  events?: WebhookEventType[];

  @IsOptional()
  @MaxLength(200, { message: WEBHOOK_ENDPOINT_MESSAGES.DESCRIPTION })
  @IsString({ message: WEBHOOK_ENDPOINT_MESSAGES.DESCRIPTION })
  description?: string;

  @IsOptional()
  @IsBoolean({ message: WEBHOOK_ENDPOINT_MESSAGES.ENABLED })
  enabled?: boolean;
}

/** POST /api/v1/webhook-endpoints/{id}/secret/roll: how long the previous secret keeps signing alongside (default 24). */
export class RollWebhookSecretDto {
  @IsOptional()
  @Max(24, { message: WEBHOOK_ENDPOINT_MESSAGES.EXPIRES_IN_HOURS })
  @Min(0, { message: WEBHOOK_ENDPOINT_MESSAGES.EXPIRES_IN_HOURS })
  @IsInt({ message: WEBHOOK_ENDPOINT_MESSAGES.EXPIRES_IN_HOURS })
  expiresInHours?: number;
}

/**
 * POST /api/v1/webhook-endpoints/{id}/test (body optional): the event sent is a `webhook.test` (ADR 0034), the only
 * type this accepts; it is never a domain event, so a receiver cannot mistake it for a real payment.
 */
export class SendTestWebhookDto {
  @IsOptional()
  @IsIn(['webhook.test'], { message: WEBHOOK_ENDPOINT_MESSAGES.TEST_TYPE })
  type?: 'webhook.test';
}

/** A company's webhook endpoint as the API answers it (its signing secret only in CreatedWebhookEndpoint). */
export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why it is disabled: by its owner (`manual`) or after failing continuously (`failing`); null when enabled. */
  disabledReason: 'manual' | 'failing' | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer to creating an endpoint: the only time its secret comes with it (reveal it later with /secret). */
export interface CreatedWebhookEndpoint extends WebhookEndpointView {
  /** `whsec_…`: verify deliveries with it (Standard Webhooks). */
  secret: string;
}

/** GET /api/v1/webhook-endpoints/{id}/secret and the answer of a roll. */
export interface WebhookSecretView {
  secret: string;
  /** After a roll with an overlap: until when the previous secret also signs. */
  previousSecretExpiresAt: string | null;
}

export interface WebhookEndpointList {
  data: WebhookEndpointView[];
}
