import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  amountToMinor,
  type CallerRequest,
  type CreateDirectPaymentDto,
  type CreatePaymentIntentDto,
  type DirectPaymentResponse,
  type PaymentBreakdown,
  type PaymentIntentResponse,
} from '@paymarket/contracts';
import { Idempotency, OutboxRelay, ServiceError } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { formatMinor } from '../fees/money.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { writeOrderCreated, writePaymentPending } from '../orders/order-events.js';
import { orderMetadata } from '../orders/order-metadata.js';
import { CheckoutErrors } from './checkout.errors.js';
import { storedSplit } from './create-order.use-case.js';
import { PaymentProcessor } from './payment-processor.js';
import { RecipientResolver, SELLER_REF_PREFIX } from './recipient.js';

/** What the buyer's money pays (spec §3), from the stored split; a marketplace's share is its own part (ADR 0051). */
export function breakdownOf(order: OrderEntity): PaymentBreakdown {
  const of = (parties: string[]) => order.split.lines.filter((l) => parties.includes(l.party)).reduce((a, l) => a + BigInt(l.amount), 0n);
  const marketplace = order.split.lines.some((l) => l.party === 'marketplace') ? of(['marketplace']) : null;
  return {
    sellerGets: formatMinor(of(['seller', 'provider'])),
    paymarketGets: formatMinor(order.total - of(['seller', 'provider', 'marketplace'])),
    total: formatMinor(order.total),
    currency: order.currency,
    ...(marketplace !== null ? { marketplaceGets: formatMinor(marketplace) } : {}),
  };
}

/**
 * One PaymentIntent per order, for amount + fee, with `transfer_group` = the order (Connect separate charges and
 * transfers). Asking again for the same order returns the same intent.
 */
@Injectable()
export class PaymentIntents {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly processor: PaymentProcessor,
    private readonly recipients: RecipientResolver,
    private readonly idempotency: Idempotency,
    private readonly relay: OutboxRelay,
  ) {}

  async forOrder(request: CallerRequest<CreatePaymentIntentDto>): Promise<PaymentIntentResponse> {
    const buyer = request.caller.buyer;
    if (!buyer) throw ServiceError.unauthorized(CheckoutErrors.SIGN_IN_REQUIRED);
    const body = request.body;
    const result = await this.idempotency.run(`intents:${buyer.id}`, request.idempotencyKey, body, async (manager) => {
      const order = await this.orders.byOrderId(manager, body.orderId, { buyerId: buyer.id }, true);
      if (!order) throw ServiceError.notFound(CheckoutErrors.ORDER_NOT_FOUND);
      if (order.buyerId !== buyer.id) throw ServiceError.forbidden(CheckoutErrors.NOT_YOUR_ORDER);
      if (
        BigInt(amountToMinor(body.amount)!) !== order.amount ||
        body.currency !== order.currency ||
        body.printProviderStripeAccountId !== order.recipientRef
      ) {
        throw new ServiceError('unprocessable', CheckoutErrors.ORDER_MISMATCH);
      }
      return this.payOrder(manager, order);
    });
    this.relay.kick();
    return result;
  }

  /** The PaymentIntent of an order (created once), after checking that a seller recipient still points where it did. */
  async payOrder(manager: EntityManager, order: OrderEntity, reportAs?: string): Promise<PaymentIntentResponse> {
    if (!order.paymentIntentId && order.recipientRef.startsWith(SELLER_REF_PREFIX)) {
      // ADR 0030: a seller can change or remove their payout account at any time, so right before the charge the
      // seller is resolved again (catalog, then Stripe) and must still point at the account the order will pay.
      const now = await this.recipients.resolve(order.recipientRef, 'provider', reportAs);
      const ordered = order.split.lines.find((line) => line.party === 'seller' || line.party === 'provider')?.stripeAccountId;
      if (now.stripeAccountId !== ordered) throw new ServiceError('unprocessable', CheckoutErrors.SELLER_ACCOUNT_CHANGED);
    }
    return this.intentFor(manager, order);
  }

  /** POST /api/create-buyer-seller-payment: a guest (or signed-in buyer) pays a seller's connected account directly. */
  async direct(request: CallerRequest<CreateDirectPaymentDto>): Promise<DirectPaymentResponse> {
    const body = request.body;
    const buyer = request.caller.buyer;
    const scope = `direct:${buyer?.id ?? body.buyerEmail}`;
    const result = await this.idempotency.run(scope, request.idempotencyKey, body, async (manager) => {
      // A signed-in buyer's order ids are theirs alone; guests share one namespace (issue 12).
      const existing = await this.orders.byOrderId(manager, body.orderId, { buyerId: buyer?.id ?? null }, true);
      if (existing) {
        const sameBuyer = buyer ? existing.buyerId === buyer.id : existing.buyerEmail === body.buyerEmail && existing.buyerId === null;
        if (!sameBuyer || existing.kind !== 'direct')
          throw ServiceError.conflict(CheckoutErrors.ORDER_ID_TAKEN, { orderId: [CheckoutErrors.ORDER_ID_TAKEN] });
        return this.intentFor(manager, existing);
      }
      const recipient = await this.recipients.resolve(body.sellerStripeAccountId, 'seller');
      const amount = BigInt(amountToMinor(body.amount)!);
      const { fee, total, split, marketplaceId, feeTerms } = storedSplit(amount, body.currency, recipient);
      const order: Omit<OrderEntity, 'createdAt' | 'updatedAt'> = {
        id: randomUUID(),
        orderId: body.orderId,
        kind: 'direct',
        companyId: null,
        buyerId: buyer?.id ?? null,
        // A signed-in buyer's identity comes from the session, never from the form.
        buyerEmail: buyer?.email ?? body.buyerEmail,
        buyerName: buyer?.name ?? body.buyerName,
        description: body.description,
        currency: body.currency,
        amount,
        fee,
        total,
        refunded: 0n,
        recipientRef: body.sellerStripeAccountId,
        split,
        marketplaceId,
        feeTerms,
        status: 'pending',
        paymentIntentId: null,
        latestChargeId: null,
        failureMessage: null,
      };
      if (!(await this.orders.insert(manager, order)))
        throw ServiceError.conflict(CheckoutErrors.ORDER_ID_TAKEN, { orderId: [CheckoutErrors.ORDER_ID_TAKEN] });
      await writeOrderCreated(manager, order);
      return this.intentFor(manager, (await this.orders.byId(manager, order.id))!);
    });
    this.relay.kick();
    return result;
  }

  private async intentFor(manager: EntityManager, order: OrderEntity): Promise<PaymentIntentResponse> {
    if (order.status === 'completed' || order.status === 'refunded' || order.status === 'partially_refunded') {
      throw ServiceError.conflict(CheckoutErrors.ALREADY_PAID);
    }
    // Stripe's own idempotency key is derived from the order, so a crash-and-retry gets the same intent back.
    const intent = order.paymentIntentId
      ? await this.processor.retrievePaymentIntent(order.paymentIntentId)
      : await this.processor.createPaymentIntent({
          amount: order.total,
          currency: order.currency,
          transferGroup: order.id,
          description: order.description,
          // Everything needed to rebuild the order should a database restore lose it (ADR 0069).
          metadata: orderMetadata(order),
          idempotencyKey: `intent:${order.id}`,
        });
    if (!order.paymentIntentId) {
      await this.orders.update(manager, order.id, { paymentIntentId: intent.id, status: 'processing' });
      await writePaymentPending(manager, order, intent.id);
    }
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      developmentMode: this.processor.developmentMode,
      breakdown: breakdownOf(order),
    };
  }
}
