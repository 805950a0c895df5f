import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger } from '@paymarket/platform';
import { SettlePayment } from '../checkout/settle-payment.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { reconcileOwed } from '../reconcile/restore-check.js';

const log = createLogger('transfer-sweeper');

/** Finishes transfers a crash left undone (paid orders whose recipients were not yet paid out). */
@Injectable()
export class TransferSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly settle: SettlePayment,
  ) {}

  onApplicationBootstrap(): void {
    // A Nest microservice calls this hook twice (init, then registerModules): one timer chain, not two.
    if (this.timer) return;
    this.schedule(1_000);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async sweep(): Promise<number> {
    // After a restore, transfers the database lacks may exist at Stripe: they are booked by the reconciliation first,
    // or a keyed retry older than Stripe's key memory would pay the recipient twice (ADR 0069).
    if (await reconcileOwed(this.orders.dataSource.manager)) return 0;
    const ids = await this.orders.completedMissingTransfers();
    for (const id of ids) await this.settle.makeTransfers(id);
    return ids.length;
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .then(() => undefined)
        .catch((err: unknown) => log.warn({ err }, 'transfer sweep failed'))
        .finally(() => {
          this.running = undefined;
          if (this.timer) this.schedule(15_000);
        });
    }, delay);
    this.timer.unref();
  }
}
