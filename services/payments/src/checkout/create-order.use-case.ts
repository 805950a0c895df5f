import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { amountToMinor, type CallerRequest, type CreateOrderDto, type OrderView } from '@paymarket/contracts';
import { Idempotency, OutboxRelay, ServiceError } from '@paymarket/platform';
import { writeOrderCreated } from '../orders/order-events.js';
import { quoteOrder, type Party } from '../fees/fee-policy.js';
import type { Currency } from '../fees/money.js';
import { OrdersRepository, toOrderView } from '../orders/orders.repository.js';
import type { OrderEntity, OrderFeeTerms, StoredSplit } from '../orders/order.entity.js';
import type { OrderMarketplace } from '../marketplaces/order-marketplace.js';
import { CheckoutErrors } from './checkout.errors.js';
import { RecipientResolver, type ResolvedRecipient } from './recipient.js';

/** What an order stores of its split (ADR 0031, 0051): fee, total, the lines with whom each pays, the marketplace. */
export interface StoredQuote {
  fee: bigint;
  total: bigint;
  split: StoredSplit;
  marketplaceId: string | null;
  feeTerms: OrderFeeTerms | null;
}

/** A seller's order made with a print provider (ADR 0051): the provider and its cost inside the amount. */
export interface ProviderPart {
  recipient: ResolvedRecipient;
  cost: bigint;
}

/**
 * The split an order stores: `recipient` gets the amount (less a marketplace's share); with `provider`, the recipient
 * is the seller and the provider gets its cost, the marketplace's share taken from both pro rata.
 */
export function storedSplit(
  amount: bigint,
  currency: Currency,
  recipient: ResolvedRecipient,
  marketplace: OrderMarketplace | null = null,
  provider: ProviderPart | null = null,
): StoredQuote {
  const quote = quoteOrder({
    amount,
    currency,
    recipient: provider ? 'seller' : recipient.party,
    ...(provider ? { providerCost: provider.cost } : {}),
    marketplace: marketplace?.terms ?? null,
  });
  const payee = (party: Party) => {
    if (party === 'platform') return null;
    if (party === 'marketplace') return marketplace?.payee ?? null;
    if (party === 'provider' && provider) return provider.recipient;
    return recipient;
  };
  return {
    fee: quote.total - quote.amount,
    total: quote.total,
    split: {
      lines: quote.lines.map((l) => {
        const who = payee(l.party);
        return {
          party: l.party,
          amount: l.amount.toString(),
          ...(who ? { stripeAccountId: who.stripeAccountId } : {}),
          ...(who?.displayName ? { displayName: who.displayName } : {}),
        };
      }),
    },
    marketplaceId: marketplace?.feeTerms.marketplaceId ?? null,
    feeTerms: marketplace?.feeTerms ?? null,
  };
}

/** POST /api/orders: a signed-in buyer's order to a recipient that can be paid; idempotent by key. */
@Injectable()
export class CreateOrder {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly recipients: RecipientResolver,
    private readonly idempotency: Idempotency,
    private readonly relay: OutboxRelay,
  ) {}

  async execute(request: CallerRequest<CreateOrderDto>): Promise<OrderView> {
    const buyer = request.caller.buyer;
    if (!buyer) throw ServiceError.unauthorized(CheckoutErrors.SIGN_IN_REQUIRED);
    const body = request.body;
    const currency = body.currency ?? 'usd';
    const amount = BigInt(amountToMinor(body.amount)!);
    const view = await this.idempotency.run(`orders:${buyer.id}`, request.idempotencyKey, { ...body, currency }, async (manager) => {
      const existing = await this.orders.byOrderId(manager, body.orderId, { buyerId: buyer.id });
      if (existing) throw ServiceError.conflict(CheckoutErrors.ORDER_ID_TAKEN, { orderId: [CheckoutErrors.ORDER_ID_TAKEN] });
      const recipient = await this.recipients.resolve(body.printProviderStripeAccountId, 'provider');
      const { fee, total, split, marketplaceId, feeTerms } = storedSplit(amount, currency, recipient);
      const order: Omit<OrderEntity, 'createdAt' | 'updatedAt'> = {
        id: randomUUID(),
        orderId: body.orderId,
        kind: 'order',
        companyId: null,
        buyerId: buyer.id,
        buyerEmail: buyer.email,
        buyerName: buyer.name,
        description: body.description ?? `Order ${body.orderId}`,
        currency,
        amount,
        fee,
        total,
        refunded: 0n,
        recipientRef: body.printProviderStripeAccountId,
        split,
        marketplaceId,
        feeTerms,
        status: 'pending',
        paymentIntentId: null,
        latestChargeId: null,
        failureMessage: null,
      };
      if (!(await this.orders.insert(manager, order))) {
        throw ServiceError.conflict(CheckoutErrors.ORDER_ID_TAKEN, { orderId: [CheckoutErrors.ORDER_ID_TAKEN] });
      }
      await writeOrderCreated(manager, order);
      return toOrderView((await this.orders.byId(manager, order.id))!);
    });
    this.relay.kick();
    return view;
  }
}
