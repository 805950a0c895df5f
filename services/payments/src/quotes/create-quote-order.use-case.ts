import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { quoteOrderId, type CreateQuoteOrderRequest, type OrderView } from '@paymarket/contracts';
import { OutboxRelay, ServiceError } from '@paymarket/platform';
import { writeOrderCreated } from '../orders/order-events.js';
import { DataSource, type EntityManager } from 'typeorm';
import { RecipientResolver, SELLER_REF_PREFIX } from '../checkout/recipient.js';
import { storedSplit } from '../checkout/create-order.use-case.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrdersRepository, toOrderView } from '../orders/orders.repository.js';

export const QUOTE_ORDER_ERRORS = {
  TAKEN: 'An order with this quote’s order id already exists for someone else.',
} as const;

/**
 * The order of an accepted quote (ADR 0045): `quote_<quoteId>`, the buyer from the request's owner, paid to the
 * seller's payout account (`seller_<id>`, resolved as on /payment) with the print provider's share split off when the
 * quote names one. The same path as POST /api/orders after that: the buyer pays it with create-payment-intent.
 * Asking again (a retried or doubled accept) answers the same order.
 */
@Injectable()
export class CreateQuoteOrder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly recipients: RecipientResolver,
    private readonly relay: OutboxRelay,
  ) {}

  async execute(request: CreateQuoteOrderRequest): Promise<OrderView> {
    const orderId = quoteOrderId(request.quoteId);
    const recipientRef = `${SELLER_REF_PREFIX}${request.sellerId}`;
    const amount = BigInt(request.amountMinor);
    const existing = await this.dataSource.transaction((manager) => this.orders.byOrderId(manager, orderId, { buyerId: request.buyer.id }));
    if (existing) return this.same(existing, request, recipientRef);

    // Who gets paid is checked before anything is stored: the seller must have a payout account that can receive
    // transfers, and so must the provider. Errors name the quote's fields.
    const seller = await this.recipients.resolve(recipientRef, 'seller', 'seller');
    const provider = request.provider
      ? await this.recipients.resolve(request.provider.stripeAccountId, 'provider', 'printProviderStripeAccountId')
      : null;
    const { fee, total, split } = storedSplit(
      amount,
      request.currency,
      seller,
      null,
      provider && request.provider ? { recipient: provider, cost: BigInt(request.provider.amountMinor) } : null,
    );
    const view = await this.dataSource.transaction(async (manager: EntityManager) => {
      const order: Omit<OrderEntity, 'createdAt' | 'updatedAt'> = {
        id: randomUUID(),
        orderId,
        kind: 'order',
        companyId: null,
        buyerId: request.buyer.id,
        buyerEmail: request.buyer.email,
        buyerName: request.buyer.name,
        description: request.description,
        currency: request.currency,
        amount,
        fee,
        total,
        refunded: 0n,
        recipientRef,
        split,
        marketplaceId: null,
        feeTerms: null,
        status: 'pending',
        paymentIntentId: null,
        latestChargeId: null,
        failureMessage: null,
      };
      if (!(await this.orders.insert(manager, order))) {
        // A concurrent accept of the same quote won: answer its order.
        const winner = await this.orders.byOrderId(manager, orderId, { buyerId: request.buyer.id });
        return this.same(winner!, request, recipientRef);
      }
      await writeOrderCreated(manager, order);
      return toOrderView((await this.orders.byId(manager, order.id))!);
    });
    this.relay.kick();
    return view;
  }

  private same(order: OrderEntity, request: CreateQuoteOrderRequest, recipientRef: string): OrderView {
    if (
      order.buyerId !== request.buyer.id ||
      order.recipientRef !== recipientRef ||
      order.amount !== BigInt(request.amountMinor) ||
      order.currency !== request.currency
    ) {
      throw ServiceError.conflict(QUOTE_ORDER_ERRORS.TAKEN);
    }
    return toOrderView(order);
  }
}
