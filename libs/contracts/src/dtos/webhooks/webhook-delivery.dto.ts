import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { queryInteger } from '../transforms.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-endpoint.dto.js';

import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus } from './webhook-events.js';

export { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus } from './webhook-events.js';

/** Lists of the integrator API: page size and cursor (ADR 0034). */
export const LIST_MESSAGES = {
  LIMIT: 'limit must be a whole number from 1 to 100',
  CURSOR: 'cursor must be the nextCursor of a previous page',
  SINCE: 'since must be an ISO 8601 date-time, e.g. 2026-11-25T10:00:00Z',
  UNTIL: 'until must be an ISO 8601 date-time, e.g. 2026-11-25T10:00:00Z',
  STATUS: `status must be one of: ${WEBHOOK_DELIVERY_STATUSES.join(', ')}`,
  EVENT_TYPE: `eventType must be one of: ${[...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].join(', ')}`,
  TYPE: `type must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
} as const;

export const WEBHOOK_DELIVERY_MESSAGES = {
  NOT_FOUND: 'Webhook delivery not found.',
  REPLAY_SINCE: 'since must be an ISO 8601 date-time within the last 30 days, not in the future',
  ENDPOINT_DISABLED: 'The endpoint is disabled: enable it before replaying its deliveries.',
  TEST_TYPE: 'type must be webhook.test',
} as const;

/** The paging fields every list shares. */
export class PageQueryDto {
  @IsOptional()
  @Transform(queryInteger)
  @Max(100, { message: LIST_MESSAGES.LIMIT })
  @Min(1, { message: LIST_MESSAGES.LIMIT })
  @IsInt({ message: LIST_MESSAGES.LIMIT })
  limit?: number;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: LIST_MESSAGES.CURSOR })
  @IsString({ message: LIST_MESSAGES.CURSOR })
  cursor?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: LIST_MESSAGES.SINCE })
  since?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: LIST_MESSAGES.UNTIL })
  until?: string;
}

/** GET /api/v1/webhook-endpoints/{id}/deliveries */
export class ListWebhookDeliveriesDto extends PageQueryDto {
  @IsOptional()
  @IsIn(WEBHOOK_DELIVERY_STATUSES, { message: LIST_MESSAGES.STATUS })
  status?: WebhookDeliveryStatus;

  @IsOptional()
  @IsIn([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT], { message: LIST_MESSAGES.EVENT_TYPE })
  eventType?: string;
}

/** POST /api/v1/webhook-endpoints/{id}/replay: every failed delivery created since then is sent again. */
export class ReplayWebhookDeliveriesDto {
  @IsISO8601({ strict: true }, { message: WEBHOOK_DELIVERY_MESSAGES.REPLAY_SINCE })
  @IsString({ message: WEBHOOK_DELIVERY_MESSAGES.REPLAY_SINCE })
  since!: string;
}

/** One delivery of one event to one endpoint; `attempts` counts every attempt made (see its detail). */
export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  /** Also the `webhook-id` header of every attempt. */
  eventId: string;
  eventType: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  createdAt: string;
  updatedAt: string;
}

/** One HTTP attempt of a delivery. */
export interface WebhookAttemptView {
  id: string;
  attemptedAt: string;
  /** The endpoint's HTTP status; null when no answer came (timeout, refused connection). */
  statusCode: number | null;
  durationMs: number;
  /** The first 1 KB of the endpoint's answer. */
  responseBody: string | null;
  error: string | null;
}

export interface WebhookDeliveryDetail extends WebhookDeliveryView {
  /** Oldest first. */
  attemptLog: WebhookAttemptView[];
}

export interface WebhookDeliveryList {
  data: WebhookDeliveryView[];
  nextCursor: string | null;
}

export interface ReplayResult {
  queued: number;
}
