import { Controller, Injectable } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { CatalogEvents, OrderEvents, type EventEnvelope, type WebhookEventType } from '@paymarket/contracts';
import { currentTraceCarrier, Inbox } from '@paymarket/platform';
import { WebhookDeliveryWorker } from './webhook-delivery.worker.js';
import { WebhooksRepository } from './webhooks.repository.js';

const CONSUMER = 'integrator-webhooks';

/**
 * What an endpoint receives (Standard Webhooks' payload shape): the type, when it happened and the data. The event id
 * travels as the `webhook-id` header, the same on every retry, for the receiver's dedupe.
 */
export function webhookBody(envelope: EventEnvelope<WebhookEventType>): string {
  return JSON.stringify({ type: envelope.name, timestamp: envelope.occurredAt, data: envelope.data });
}

/**
 * Fans the six integrator events out to webhook endpoints (ADR 0033): payment and order events to the endpoints of
 * the event's company (none when the order has no company), provider.connected to every subscribed endpoint of
 * every company. Once per event (inbox consumer `integrator-webhooks`), whatever the broker redelivers.
 */
@Injectable()
export class WebhookFanout {
  constructor(
    private readonly inbox: Inbox,
    private readonly webhooks: WebhooksRepository,
    private readonly worker: WebhookDeliveryWorker,
  ) {}

  async record(envelope: EventEnvelope<WebhookEventType>, companyId: string | null, everyCompany = false): Promise<void> {
    // An order without a company (a web buyer's) has no endpoints and nothing to record: no inbox row either, since a
    // redelivery of it is as much a no-op as the first delivery (ADR 0048: four transactions per web payment fewer).
    if (companyId === null && !everyCompany) return;
    let recorded = 0;
    // Recorded in the inbox even when no endpoint matches, so a redelivery is a no-op either way.
    await this.inbox.handle(envelope, CONSUMER, async (tx) => {
      // Kept 30 days for GET /api/v1/events, so an integrator can reconcile what its endpoint missed (ADR 0039).
      await this.webhooks.recordEvent(tx, {
        id: envelope.id,
        type: envelope.name,
        companyId: everyCompany ? null : companyId,
        occurredAt: envelope.occurredAt,
        data: envelope.data,
      });
      recorded = await this.webhooks.recordDeliveries(tx, {
        eventId: envelope.id,
        type: envelope.name,
        companyId: everyCompany ? null : companyId,
        body: webhookBody(envelope),
        // Each attempt continues the trace of the event handler (and so of the payment) that caused it.
        traceContext: currentTraceCarrier() ?? null,
      });
    });
    if (recorded > 0) this.worker.kick();
  }
}

/**
 * The integrator events nothing else in notifications handles. payment.succeeded / failed / refunded also make
 * buyer emails, so PaymentEmailsHandler takes those and calls WebhookFanout itself: a service has exactly one
 * handler per event, because each handler acks the delivery (two would ack it twice and RabbitMQ closes the channel).
 */
@Controller()
export class WebhookEventsHandler {
  constructor(private readonly fanout: WebhookFanout) {}

  @EventPattern<string>(OrderEvents.PAYMENT_PENDING)
  async onPaymentPending(@Payload() envelope: EventEnvelope<'payment.pending'>): Promise<void> {
    await this.fanout.record(envelope, envelope.data.companyId);
  }

  @EventPattern<string>(OrderEvents.ORDER_UPDATED)
  async onOrderUpdated(@Payload() envelope: EventEnvelope<'order.updated'>): Promise<void> {
    await this.fanout.record(envelope, envelope.data.companyId);
  }

  @EventPattern<string>(CatalogEvents.PROVIDER_CONNECTED)
  async onProviderConnected(@Payload() envelope: EventEnvelope<'provider.connected'>): Promise<void> {
    await this.fanout.record(envelope, null, true);
  }
}
