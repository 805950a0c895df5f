import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  EVENT_MESSAGES,
  EVENT_RETENTION_DAYS,
  LIST_MESSAGES,
  ListEventsDto,
  ListWebhookDeliveriesDto,
  ReplayWebhookDeliveriesDto,
  RpcPatterns,
  SendTestWebhookDto,
  summariseFieldErrors,
  validateDto,
  WEBHOOK_DELIVERY_MESSAGES as D,
  WEBHOOK_ENDPOINT_MESSAGES as M,
  WEBHOOK_TEST_EVENT,
  type EventList,
  type EventView,
  type ReplayResult,
  type RpcEnvelope,
  type WebhookDeliveryDetail,
  type WebhookDeliveryList,
  type WebhookDeliveryView,
} from '@paymarket/contracts';
import { decodeKeysetCursor, idempotencyKeyFrom, keysetPage, ServiceError, UnitOfWork, type KeysetPosition } from '@paymarket/platform';
import type { ClassConstructor } from 'class-transformer';
import { WebhookDeliveryWorker } from './webhook-delivery.worker.js';
import { WebhooksRepository } from './webhooks.repository.js';

const P = RpcPatterns.notifications;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
const DEFAULT_LIMIT = 20;

interface Target {
  companyId: string;
  id: string | null;
  rest: Record<string, unknown>;
}

/** The caller's company (verified by the gateway), the path's id (null: answered as not found) and the other fields. */
function targetOf(message: RpcEnvelope<unknown>, idField = 'id'): Target {
  const data = typeof message.data === 'object' && message.data !== null ? (message.data as Record<string, unknown>) : {};
  const { companyId, [idField]: id, ...rest } = data;
  if (typeof companyId !== 'string' || !UUID.test(companyId)) throw ServiceError.invalid('companyId is required');
  return { companyId, id: typeof id === 'string' && UUID.test(id) ? id : null, rest };
}

function validated<T extends object>(cls: ClassConstructor<T>, plain: Record<string, unknown>): T {
  const result = validateDto(cls, plain);
  if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
  return result.value;
}

function cursorOf(cursor: string | undefined): KeysetPosition | null {
  if (!cursor) return null;
  const position = decodeKeysetCursor(cursor);
  if (!position) throw ServiceError.invalid(LIST_MESSAGES.CURSOR, { cursor: [LIST_MESSAGES.CURSOR] });
  return position;
}

/**
 * The delivery log, resend and replay, test events, and the events API (ADR 0039), all scoped to the caller's
 * company: another company's endpoint, delivery or event answers not found, like an unknown id.
 */
@Controller()
export class WebhookDeliveriesHandler {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly worker: WebhookDeliveryWorker,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  @MessagePattern<string>(P.LIST_WEBHOOK_DELIVERIES)
  async list(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookDeliveryList> {
    const { companyId, id: endpointId, rest } = targetOf(message, 'endpointId');
    const filters = validated(ListWebhookDeliveriesDto, rest);
    if (!endpointId || !(await this.webhooks.getEndpoint(companyId, endpointId))) throw ServiceError.notFound(M.NOT_FOUND);
    const limit = filters.limit ?? DEFAULT_LIMIT;
    const rows = await this.webhooks.listDeliveries(companyId, endpointId, filters, cursorOf(filters.cursor), limit + 1);
    return keysetPage(rows, limit, (d) => ({ createdAt: new Date(d.createdAt), id: d.id }));
  }

  @MessagePattern<string>(P.GET_WEBHOOK_DELIVERY)
  async get(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookDeliveryDetail> {
    const { companyId, id } = targetOf(message);
    const delivery = id ? await this.webhooks.getDelivery(companyId, id) : null;
    if (!delivery) throw ServiceError.notFound(D.NOT_FOUND);
    return delivery;
  }

  @MessagePattern<string>(P.RESEND_WEBHOOK_DELIVERY)
  async resend(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookDeliveryView> {
    const { companyId, id } = targetOf(message);
    const delivery = id ? await this.webhooks.resendDelivery(companyId, id) : null;
    if (!delivery) throw ServiceError.notFound(D.NOT_FOUND);
    this.worker.kick();
    return delivery;
  }

  @MessagePattern<string>(P.REPLAY_WEBHOOK_DELIVERIES)
  async replay(@Payload() message: RpcEnvelope<unknown>): Promise<ReplayResult> {
    const { companyId, id: endpointId, rest } = targetOf(message, 'endpointId');
    const body = validated(ReplayWebhookDeliveriesDto, rest);
    const since = new Date(body.since);
    if (since.getTime() > Date.now() || since.getTime() < Date.now() - EVENT_RETENTION_DAYS * DAY_MS) {
      throw ServiceError.invalid(D.REPLAY_SINCE, { since: [D.REPLAY_SINCE] });
    }
    const endpoint = endpointId ? await this.webhooks.getEndpoint(companyId, endpointId) : null;
    if (!endpoint) throw ServiceError.notFound(M.NOT_FOUND);
    if (!endpoint.enabled) throw ServiceError.conflict(D.ENDPOINT_DISABLED);
    const queued = await this.webhooks.replayFailed(endpoint.id, since);
    if (queued > 0) this.worker.kick();
    return { queued };
  }

  @MessagePattern<string>(P.SEND_TEST_WEBHOOK)
  async test(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookDeliveryView> {
    const { companyId, id, rest } = targetOf(message);
    const { idempotencyKey, ...fields } = rest;
    const input = validated(SendTestWebhookDto, fields);
    if (!id) throw ServiceError.notFound(M.NOT_FOUND);
    // One test event per key: a repeat answers the first delivery (or the same refusal) and sends nothing more.
    const once = {
      scope: `webhook-tests:${companyId}`,
      key: idempotencyKeyFrom(idempotencyKey),
      request: { endpointId: id, type: input.type ?? WEBHOOK_TEST_EVENT },
    };
    const outcome = await this.unitOfWork.runOnceKeeping(
      once,
      async (tx) => {
        const endpoint = await this.webhooks.getEndpoint(companyId, id);
        if (!endpoint) throw ServiceError.notFound(M.NOT_FOUND);
        // A disabled endpoint is sent nothing: the test would wait, pending, until it is enabled again.
        if (!endpoint.enabled) throw ServiceError.conflict(M.TEST_DISABLED);
        const body = JSON.stringify({
          type: WEBHOOK_TEST_EVENT,
          timestamp: new Date().toISOString(),
          data: { endpointId: endpoint.id, message: 'A test event from PayMarket: your endpoint receives and verifies webhooks.' },
        });
        return this.webhooks.createTestDelivery(tx, { endpointId: endpoint.id, companyId, eventId: randomUUID(), body });
      },
      (delivery) => delivery,
    );
    if (!outcome.ran) return outcome.kept;
    this.worker.kick(); // only for a delivery this call made
    return outcome.result;
  }

  @MessagePattern<string>(P.LIST_EVENTS)
  async events(@Payload() message: RpcEnvelope<unknown>): Promise<EventList> {
    const { companyId, rest } = targetOf(message);
    const filters = validated(ListEventsDto, rest);
    const limit = filters.limit ?? DEFAULT_LIMIT;
    const notBefore = new Date(Date.now() - EVENT_RETENTION_DAYS * DAY_MS);
    const rows = await this.webhooks.listEvents(companyId, filters, cursorOf(filters.cursor), limit + 1, notBefore);
    return keysetPage(rows, limit, (e) => ({ createdAt: new Date(e.createdAt), id: e.id }));
  }

  @MessagePattern<string>(P.GET_EVENT)
  async event(@Payload() message: RpcEnvelope<unknown>): Promise<EventView> {
    const { companyId, id } = targetOf(message);
    const event = id ? await this.webhooks.getEvent(companyId, id, new Date(Date.now() - EVENT_RETENTION_DAYS * DAY_MS)) : null;
    if (!event) throw ServiceError.notFound(EVENT_MESSAGES.NOT_FOUND);
    return event;
  }
}
