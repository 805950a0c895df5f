import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import {
  createLogger,
  outsideTrace,
  paymarketMetrics,
  SERVICE_CONFIG,
  traceOutgoingRequest,
  type ServiceRuntimeConfig,
} from '@paymarket/platform';
import { nextRetryDelayMs, type WebhookDeliverySettings } from './webhook-retry.js';
import { sendWebhook } from './webhook-sender.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { WebhooksRepository, type AttemptOutcome, type DueDelivery } from './webhooks.repository.js';

export const WEBHOOK_DELIVERY_SETTINGS = Symbol('WEBHOOK_DELIVERY_SETTINGS');
const BATCH = 20;
const log = createLogger('webhook-delivery');

/**
 * Sends due integrator webhook deliveries (ADR 0033): polls every `pollMs` (retries become due with time) and is
 * kicked after an event recorded new ones. Replicas share the work through FOR UPDATE SKIP LOCKED.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    @Inject(WEBHOOK_DELIVERY_SETTINGS) private readonly settings: WebhookDeliverySettings,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceRuntimeConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.kick();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    // Not in the trace of the event that kicked it: each attempt continues its own delivery's trace.
    this.running = outsideTrace(() => this.drain())
      .catch((err: unknown) => log.warn({ err }, 'webhook delivery round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const delay = this.again ? 0 : this.settings.pollMs;
        this.again = false;
        this.timer = setTimeout(() => this.kick(), delay);
        this.timer.unref();
      });
  }

  private async drain(): Promise<void> {
    const { retryScheduleMs, maxAttempts } = this.settings;
    for (;;) {
      const claimed = await this.webhooks.deliverDue(
        BATCH,
        (delivery) => this.attempt(delivery),
        (attempts) => nextRetryDelayMs(attempts, retryScheduleMs, maxAttempts),
      );
      if (claimed < BATCH || this.stopped) return;
    }
  }

  private async attempt(delivery: DueDelivery): Promise<AttemptOutcome> {
    const secrets = await this.secrets.signingSecrets(delivery.endpointId, delivery.secrets);
    const started = performance.now();
    // A CLIENT span in the trace of the event the delivery came from; the receiver gets its traceparent.
    const sent = await traceOutgoingRequest(
      `POST webhook ${delivery.eventType}`,
      delivery.traceContext,
      {
        method: 'POST',
        url: new URL(delivery.url),
        attributes: {
          'paymarket.webhook.delivery_id': delivery.id,
          'paymarket.webhook.event_type': delivery.eventType,
          'paymarket.webhook.attempt': delivery.attempts + 1,
        },
      },
      (traceHeaders) =>
        sendWebhook({
          url: delivery.url,
          body: delivery.body,
          messageId: delivery.eventId,
          secrets,
          timeoutMs: this.settings.timeoutMs,
          production: this.config.production,
          traceHeaders,
        }),
    );
    const outcome: AttemptOutcome = { ...sent, durationMs: performance.now() - started };
    paymarketMetrics.webhookDeliveries.inc({ service: 'notifications', outcome: outcome.ok ? 'delivered' : 'failed' });
    // Never the secret, the signature or the body: only where it went and how it ended.
    if (!outcome.ok) {
      log.info(
        {
          deliveryId: delivery.id,
          endpointId: delivery.endpointId,
          eventType: delivery.eventType,
          status: outcome.statusCode,
          error: outcome.error,
        },
        'webhook attempt failed',
      );
    }
    return outcome;
  }
}
