import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  amountToMinor,
  type ApiCreateOrderDto,
  type ApiListOrdersDto,
  type ApiOrderList,
  type ApiOrderView,
  type CallerRequest,
  type PaymentIntentResponse,
} from '@paymarket/contracts';
import { decodeKeysetCursor, Idempotency, keysetPage, OutboxRelay, ServiceError } from '@paymarket/platform';
import { writeOrderCreated } from '../orders/order-events.js';
import { API_ORDER_MESSAGES, API_ORDERS_DEFAULT_LIMIT } from '@paymarket/contracts';
import type { EntityManager } from 'typeorm';
import { formatMinor, type Currency } from '../fees/money.js';
import { OrderMarketplaces, type OrderMarketplace } from '../marketplaces/order-marketplace.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { marketplaceView, OrdersRepository, splitView } from '../orders/orders.repository.js';
import { CheckoutErrors } from './checkout.errors.js';
import { storedSplit } from './create-order.use-case.js';
import { PaymentIntents } from './payment-intents.use-case.js';
import { RecipientResolver } from './recipient.js';

/** The field the integrator API reports recipient problems under. */
const RECIPIENT_FIELD = 'recipient';

export function toApiOrderView(order: OrderEntity): ApiOrderView {
  return {
    id: order.id,
    orderId: order.orderId,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    amount: formatMinor(order.amount),
    fee: formatMinor(order.fee),
    total: formatMinor(order.total),
    refunded: formatMinor(order.refunded),
    currency: order.currency,
    description: order.description,
    recipient: order.recipientRef,
    paymentIntentId: order.paymentIntentId,
    buyerEmail: order.buyerEmail,
    buyerName: order.buyerName,
    marketplace: marketplaceView(order),
    split: splitView(order),
  };
}

const orderIdTaken = () => ServiceError.conflict(CheckoutErrors.ORDER_ID_TAKEN, { orderId: [CheckoutErrors.ORDER_ID_TAKEN] });

/** A validated decimal amount (DTO rule) in minor units, or undefined when absent. */
export function minorOrUndefined(value: number | string | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(amountToMinor(value)!);
}

/** The company the gateway authenticated by API key; every integrator call needs one. */
export function companyOf(request: CallerRequest<unknown>): string {
  const id = request.caller.company?.id;
  if (!id) throw ServiceError.unauthorized('A company API key is required.');
  return id;
}

/**
 * The integrator API (ADR 0032): a company creates, pays and reads its own orders with its API key. An order belongs
 * to the company that created it; another company's order answers 404 exactly like one that does not exist.
 * Payment works as on PayMarket's pages (ADR 0013): the recipient is checked before the charge, and only Stripe moves
 * the order (webhook, or the development-mode test card).
 */
@Injectable()
export class CompanyOrders {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly recipients: RecipientResolver,
    private readonly intents: PaymentIntents,
    private readonly idempotency: Idempotency,
    private readonly relay: OutboxRelay,
    private readonly marketplaces: OrderMarketplaces,
  ) {}

  async create(request: CallerRequest<ApiCreateOrderDto>): Promise<ApiOrderView> {
    const companyId = companyOf(request);
    const body = request.body;
    const amount = BigInt(amountToMinor(body.amount)!);
    const view = await this.idempotency.run(`api-orders:${companyId}`, request.idempotencyKey, body, async (manager) => {
      if (await this.orders.byOrderId(manager, body.orderId, { companyId })) throw orderIdTaken();
      // ADR 0051: an order made with the company's key records its marketplace, refused before anything is stored
      // when the marketplace's share could not be paid out.
      const marketplace = await this.marketplaces.forCompany(companyId, body.currency, manager);
      const order = await this.insert(
        manager,
        companyId,
        { ...body, amount, providerCost: minorOrUndefined(body.providerCost) },
        marketplace,
      );
      return toApiOrderView(order);
    });
    this.relay.kick();
    return view;
  }

  /**
   * Stores a new order of the company (the integrator API's, or its widget's, ADR 0052) after checking its recipient:
   * `order.created` in the same transaction. The caller checked the order id is free (a race still answers 409).
   */
  async insert(
    manager: EntityManager,
    companyId: string,
    input: {
      orderId: string;
      amount: bigint;
      currency: Currency;
      recipient: string;
      buyerEmail?: string | undefined;
      buyerName?: string | undefined;
      description?: string | undefined;
      /** A seller's order made with a print provider: its account and its cost inside the amount. */
      printProvider?: string | undefined;
      providerCost?: bigint | undefined;
    },
    marketplace: OrderMarketplace | null,
  ): Promise<OrderEntity> {
    const recipient = await this.recipients.resolve(input.recipient, 'provider', RECIPIENT_FIELD);
    const provider =
      input.printProvider !== undefined && input.providerCost !== undefined
        ? { recipient: await this.recipients.resolve(input.printProvider, 'provider', 'printProvider'), cost: input.providerCost }
        : null;
    const { fee, total, split, marketplaceId, feeTerms } = storedSplit(input.amount, input.currency, recipient, marketplace, provider);
    const order: Omit<OrderEntity, 'createdAt' | 'updatedAt'> = {
      id: randomUUID(),
      orderId: input.orderId,
      kind: 'order',
      companyId,
      buyerId: null,
      buyerEmail: input.buyerEmail ?? null,
      buyerName: input.buyerName ?? null,
      description: input.description ?? `Order ${input.orderId}`,
      currency: input.currency,
      amount: input.amount,
      fee,
      total,
      refunded: 0n,
      recipientRef: input.recipient,
      split,
      marketplaceId,
      feeTerms,
      status: 'pending',
      paymentIntentId: null,
      latestChargeId: null,
      failureMessage: null,
    };
    if (!(await this.orders.insert(manager, order))) throw orderIdTaken();
    await writeOrderCreated(manager, order);
    return (await this.orders.byId(manager, order.id))!;
  }

  /** POST /api/v1/orders/{id}/payment-intent: asking again answers the same PaymentIntent. */
  async paymentIntent(request: CallerRequest<{ id: string }>): Promise<PaymentIntentResponse> {
    const companyId = companyOf(request);
    const id = request.body.id;
    const result = await this.idempotency.run(`api-intents:${companyId}`, request.idempotencyKey, { id }, async (manager) => {
      const order = await this.orders.byIdForCompany(manager, id, companyId, true);
      if (!order) throw ServiceError.notFound(CheckoutErrors.ORDER_NOT_FOUND);
      return this.intents.payOrder(manager, order, RECIPIENT_FIELD);
    });
    this.relay.kick();
    return result;
  }

  /** GET /api/v1/orders/{id}: by the id the API answered (ADR 0038), never by the company's own order id. */
  async get(request: CallerRequest<{ id: string }>): Promise<ApiOrderView> {
    const companyId = companyOf(request);
    const order = await this.orders.byIdForCompany(this.orders.dataSource.manager, request.body.id, companyId);
    if (!order) throw ServiceError.notFound(CheckoutErrors.ORDER_NOT_FOUND);
    return toApiOrderView(order);
  }

  async list(request: CallerRequest<ApiListOrdersDto>): Promise<ApiOrderList> {
    const companyId = companyOf(request);
    const limit = request.body.limit ?? API_ORDERS_DEFAULT_LIMIT;
    const after = request.body.cursor ? decodeKeysetCursor(request.body.cursor) : null;
    if (request.body.cursor && !after) throw ServiceError.invalid(API_ORDER_MESSAGES.CURSOR, { cursor: [API_ORDER_MESSAGES.CURSOR] });
    const rows = await this.orders.listForCompany(companyId, limit + 1, {
      after,
      ...(request.body.orderId ? { orderId: request.body.orderId } : {}),
    });
    const page = keysetPage(rows, limit, (order) => order);
    return { data: page.data.map(toApiOrderView), limit, nextCursor: page.nextCursor };
  }
}
