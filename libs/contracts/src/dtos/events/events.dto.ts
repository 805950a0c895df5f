import { IsIn, IsOptional } from 'class-validator';
import { LIST_MESSAGES, PageQueryDto } from '../webhooks/webhook-delivery.dto.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhooks/webhook-endpoint.dto.js';

/** How long GET /api/v1/events (and the delivery log) keep what happened. */
export const EVENT_RETENTION_DAYS = 30;

export const EVENT_MESSAGES = {
  NOT_FOUND: 'Event not found.',
} as const;

/** GET /api/v1/events */
export class ListEventsDto extends PageQueryDto {
  @IsOptional()
  @IsIn(WEBHOOK_EVENT_TYPES, { message: LIST_MESSAGES.TYPE })
  type?: WebhookEventType;
}

/** An event a company could receive by webhook, as recorded when it happened: `data` is the webhook body's. */
export interface EventView {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface EventList {
  data: EventView[];
  nextCursor: string | null;
}
