import { Injectable } from '@nestjs/common';
import type { LedgerReport } from '@paymarket/contracts';
import { PaymentProcessor } from '../checkout/payment-processor.js';
import { splitOf } from '../checkout/settle-payment.js';
import { OrderEntity } from '../orders/order.entity.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { TransferEntity } from '../transfers/transfer.entity.js';
import { FEE_REVENUE, STRIPE_BALANCE, payableAccount, verifyJournal, type JournalEntry } from './journal.js';
import { loadEntries } from './ledger.repository.js';

/**
 * `npm run ledger:verify`: every entry balances and the journal sums to zero; each order's books agree with the
 * order (charged total, transfers, refunds); and, with Stripe reachable, each PaymentIntent and transfer at Stripe
 * agrees with what we booked.
 */
@Injectable()
export class VerifyLedger {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly processor: PaymentProcessor,
  ) {}

  /**
   * Reads the books in one REPEATABLE READ snapshot: payments keeps booking while this runs (transfers follow a charge
   * off the card step), and a transfer committed between reading the entries and reading the transfers would look
   * like a transfer the ledger lacks.
   */
  async execute(withStripe = true): Promise<LedgerReport> {
    // The snapshot covers the database reads only: the Stripe checks after it hold no transaction open.
    const { stored, orders, transfersByOrder } = await this.orders.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const stored = await loadEntries(manager);
      const orders = await manager.getRepository(OrderEntity).find();
      const transfersByOrder = new Map<string, TransferEntity[]>();
      for (const transfer of await manager.getRepository(TransferEntity).find()) {
        transfersByOrder.set(transfer.orderId, [...(transfersByOrder.get(transfer.orderId) ?? []), transfer]);
      }
      return { stored, orders, transfersByOrder };
    });
    const entries: JournalEntry[] = stored.map((e) => ({ kind: e.kind, orderId: e.orderId, postings: e.postings }));
    const problems = verifyJournal(entries);
    let stripeChecked = withStripe;

    for (const order of orders) {
      const mine = stored.filter((e) => e.orderId === order.id);
      const sumOf = (kind: JournalEntry['kind'], account: (a: string) => boolean) =>
        mine
          .filter((e) => e.kind === kind)
          .reduce((a, e) => a + e.postings.filter((p) => account(p.account)).reduce((x, p) => x + p.amount, 0n), 0n);
      const paid = order.status === 'completed' || order.status === 'refunded' || order.status === 'partially_refunded';
      const charged = sumOf('charge', (a) => a === STRIPE_BALANCE);
      if (paid && charged !== order.total)
        problems.push({ orderId: order.orderId, problem: `charged ${charged} in the ledger but the order total is ${order.total}` });
      if (!paid && charged !== 0n) problems.push({ orderId: order.orderId, problem: `a ${order.status} order has a charge booked` });
      const refunded = -sumOf('refund', (a) => a === STRIPE_BALANCE);
      if (refunded !== order.refunded)
        problems.push({ orderId: order.orderId, problem: `refunded ${refunded} in the ledger but ${order.refunded} on the order` });

      const transfers = transfersByOrder.get(order.id) ?? [];
      const { recipients } = splitOf(order);
      for (const recipient of recipients) {
        const account = payableAccount(recipient.party, recipient.stripeAccountId);
        const transferred = sumOf('transfer', (a) => a === account);
        const row = transfers.find((t) => t.party === recipient.party);
        if ((row?.amount ?? 0n) !== transferred)
          problems.push({ orderId: order.orderId, problem: `${recipient.party} transfer ${row?.amount ?? 0n} vs ledger ${transferred}` });
        const reversed = -sumOf('transfer_reversal', (a) => a === account);
        if ((row?.reversed ?? 0n) !== reversed)
          problems.push({ orderId: order.orderId, problem: `${recipient.party} reversals ${row?.reversed ?? 0n} vs ledger ${reversed}` });
        const share = BigInt(order.split.lines.find((l) => l.party === recipient.party)?.amount ?? '0');
        if (paid && row && row.amount !== share)
          problems.push({ orderId: order.orderId, problem: `${recipient.party} was sent ${row.amount} but its share is ${share}` });
      }
      const feeBooked = -sumOf('charge', (a) => a === FEE_REVENUE);
      if (paid && feeBooked !== order.fee)
        problems.push({ orderId: order.orderId, problem: `fee booked ${feeBooked} vs order fee ${order.fee}` });

      if (stripeChecked && order.paymentIntentId) {
        try {
          const intent = await this.processor.retrievePaymentIntent(order.paymentIntentId);
          if (paid && intent.status !== 'succeeded')
            problems.push({ orderId: order.orderId, problem: `order is ${order.status} but Stripe says ${intent.status}` });
          if (!paid && intent.status === 'succeeded')
            problems.push({ orderId: order.orderId, problem: `Stripe says succeeded but the order is ${order.status}` });
          if (intent.amount !== order.total)
            problems.push({ orderId: order.orderId, problem: `Stripe amount ${intent.amount} vs order total ${order.total}` });
          for (const row of transfers) {
            const atStripe = await this.processor.retrieveTransfer(row.stripeTransferId);
            if (atStripe.amount !== row.amount || atStripe.amountReversed !== row.reversed || atStripe.destination !== row.destination) {
              problems.push({ orderId: order.orderId, problem: `transfer ${row.stripeTransferId} differs at Stripe` });
            }
          }
        } catch {
          stripeChecked = false;
          problems.push({ orderId: order.orderId, problem: 'Stripe could not be reached to reconcile' });
        }
      }
    }
    return { ok: problems.length === 0, entries: stored.length, orders: orders.length, problems, stripeChecked };
  }
}
