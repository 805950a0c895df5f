import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { RpcPatterns } from '@paymarket/contracts';
import { createLogger, RpcClient, type Transaction } from '@paymarket/platform';
import { DataSource } from 'typeorm';
import { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import { EmailsRepository } from '../email/emails.repository.js';
import { Mailer } from '../email/mailer.js';
import { endpointDisabledEmail } from './webhook-emails.js';
import { WEBHOOK_DELIVERY_SETTINGS } from './webhook-delivery.worker.js';
import type { WebhookDeliverySettings } from './webhook-retry.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { WebhooksRepository } from './webhooks.repository.js';

const log = createLogger('webhook-maintenance');
const DAY_MS = 86_400_000;
const PURGE_BATCH = 1000;

/**
 * The webhook maintenance job (ADR 0039), every `maintenanceMs` in every replica (each step is idempotent, so
 * replicas running it at once do no harm): disables endpoints that have failed continuously for `disableAfterMs`
 * and emails their company once, then removes deliveries and events older than the retention period.
 */
@Injectable()
export class WebhookMaintenance implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly emailDelivery: EmailDeliveryWorker,
    private readonly rpc: RpcClient,
    private readonly dataSource: DataSource,
    private readonly secrets: WebhookSecrets,
    @Inject(WEBHOOK_DELIVERY_SETTINGS) private readonly settings: WebhookDeliverySettings,
  ) {}

  onApplicationBootstrap(): void {
    // A Nest microservice calls this hook twice (init, then registerModules): one job, one interval.
    if (this.timer) return;
    // At start too, so endpoints older than secrets get theirs and a new key takes over without waiting (ADR 0036).
    this.running = this.upkeepSecrets().finally(() => (this.running = undefined));
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.run()
        .catch((err: unknown) => log.warn({ err }, 'webhook maintenance failed'))
        .finally(() => (this.running = undefined));
    }, this.settings.maintenanceMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async upkeepSecrets(): Promise<void> {
    try {
      const counts = await this.secrets.upkeep();
      if (counts.created + counts.reEncrypted + counts.unreadable > 0) log.info(counts, 'webhook secrets upkept');
    } catch (err) {
      log.warn({ err }, 'webhook secret upkeep failed');
    }
  }

  async run(): Promise<void> {
    await this.upkeepSecrets();
    const disabled = await this.webhooks.disableFailing(new Date(Date.now() - this.settings.disableAfterMs));
    for (const endpoint of disabled) {
      log.warn({ endpointId: endpoint.id, companyId: endpoint.companyId }, 'webhook endpoint disabled after failing continuously');
      try {
        const contact = await this.rpc.call(RpcPatterns.onboarding.GET_COMPANY_CONTACT, { companyId: endpoint.companyId });
        const email = endpointDisabledEmail(contact, endpoint);
        await this.dataSource.transaction(async (manager) => {
          const tx = { manager } as Transaction;
          await this.emails.add(tx, {
            id: randomUUID(),
            ...email,
            status: this.mailer.delivers ? 'pending' : 'stored',
            sourceEventId: null,
          });
        });
        this.emailDelivery.kick();
      } catch (err) {
        log.warn({ err, endpointId: endpoint.id }, 'could not email the company about its disabled endpoint');
      }
    }
    const removed = await this.webhooks.purgeOlderThan(new Date(Date.now() - this.settings.retentionDays * DAY_MS), PURGE_BATCH);
    if (removed > 0) log.info({ removed }, 'old webhook deliveries and events removed');
  }
}
