import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger, paymarketMetrics } from '@paymarket/platform';
import { EmailsRepository } from './emails.repository.js';
import { Mailer, type OutgoingEmail } from './mailer.js';

const log = createLogger('email-delivery');
const MAX_ATTEMPTS = 8;

/**
 * Sends pending emails over SMTP after the transaction that recorded them committed, retrying with backoff; an
 * SMTP outage delays mail but never loses it or blocks event handling.
 */
@Injectable()
export class EmailDeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private failures = 0;

  constructor(
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.mailer.delivers) return;
    this.stopped = false;
    this.kick();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async send(email: OutgoingEmail): Promise<void> {
    try {
      await this.mailer.send(email);
    } catch (err) {
      paymarketMetrics.emails.inc({ service: 'notifications', outcome: 'failed' });
      throw err;
    }
    paymarketMetrics.emails.inc({ service: 'notifications', outcome: 'sent' });
  }

  kick(): void {
    if (this.stopped || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.running = this.emails
      .deliverPending(20, (email) => this.send(email), MAX_ATTEMPTS)
      .then(() => {
        this.failures = 0;
      })
      .catch((err: unknown) => {
        this.failures++;
        log.warn({ err }, 'email delivery round failed');
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        this.timer = setTimeout(() => this.kick(), Math.min(30_000, 2_000 * 2 ** this.failures));
        this.timer.unref();
      });
  }
}
