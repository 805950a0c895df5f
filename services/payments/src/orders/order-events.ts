import { writeToOutbox } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { stableEventId } from './event-ids.js';
import type { OrderEntity } from './order.entity.js';
import { paymentEventPayload } from './payment-event.js';

/**
 * `order.created`, under an id derived from the order's uuid (ADR 0069): every way an order is made writes it here,
 * and so does the reconciliation that rebuilds an order a restore lost.
 */
export async function writeOrderCreated(
  manager: EntityManager,
  order: Pick<OrderEntity, 'id' | 'orderId' | 'companyId' | 'buyerId' | 'currency' | 'total'>,
): Promise<void> {
  await writeToOutbox(
    manager,
    'payments',
    'order.created',
    {
      orderId: order.orderId,
      companyId: order.companyId,
      buyerId: order.buyerId,
      currency: order.currency,
      totalMinor: order.total.toString(),
    },
    { id: stableEventId('order.created', order.id) },
  );
}

/**
 * An order's PaymentIntent was made and the order is `processing`: `payment.pending` and `order.updated`, under ids
 * derived from the PaymentIntent (ADR 0069), written by checkout and by the reconciliation that rebuilds the order.
 */
export async function writePaymentPending(manager: EntityManager, order: OrderEntity, paymentIntentId: string): Promise<void> {
  await writeToOutbox(manager, 'payments', 'payment.pending', paymentEventPayload(order, paymentIntentId), {
    id: stableEventId('payment.pending', paymentIntentId),
  });
  await writeToOutbox(
    manager,
    'payments',
    'order.updated',
    { orderId: order.orderId, companyId: order.companyId, status: 'processing' },
    { id: stableEventId('order.updated', paymentIntentId, 'processing') },
  );
}
