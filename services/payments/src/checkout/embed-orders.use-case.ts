import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { amountToMinor, EMBED_MESSAGES, EmbedCreateOrderDto, type CallerRequest, type EmbedOrderResponse } from '@paymarket/contracts';
import { Idempotency, OutboxRelay, ServiceError } from '@paymarket/platform';
import { IsOptional } from 'class-validator';
import { OrderMarketplaces } from '../marketplaces/order-marketplace.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { CheckoutErrors } from './checkout.errors.js';
import { CompanyOrders, companyOf, minorOrUndefined, toApiOrderView } from './company-orders.use-case.js';
import { PaymentIntents } from './payment-intents.use-case.js';
import { PaymentProcessor } from './payment-processor.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The widget's order body as payments receives it: the gateway checked `embedOrigin` against the embed token, so it
 * may be left out (payments.embed_create_order omits it); every other rule is the shared DTO's.
 */
export class EmbedOrderBody extends EmbedCreateOrderDto {
  @IsOptional()
  declare embedOrigin: string;
}

export type EmbedOrderRequest = CallerRequest<EmbedOrderBody & { marketplaceId: string }>;

/** What a repeat of the same Idempotency-Key answers from: the client secret is read from Stripe again, never kept. */
interface KeptEmbedOrder {
  orderUuid: string;
  paymentIntentId: string;
}

/**
 * A guest's order through a marketplace's widget (ADR 0052): the caller is the marketplace's company (the gateway
 * verified the embed token, which names the marketplace). The marketplace must be the company's, in payments' copy
 * (409 NOT_READY otherwise); the order records it (ADR 0051) and its PaymentIntent is created at once, so the answer
 * has what the card step needs. Once per Idempotency-Key within the marketplace.
 */
@Injectable()
export class EmbedOrders {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly companyOrders: CompanyOrders,
    private readonly intents: PaymentIntents,
    private readonly marketplaces: OrderMarketplaces,
    private readonly processor: PaymentProcessor,
    private readonly idempotency: Idempotency,
    private readonly relay: OutboxRelay,
  ) {}

  async create(request: EmbedOrderRequest): Promise<EmbedOrderResponse> {
    const companyId = companyOf(request);
    const { marketplaceId, embedOrigin: _origin, ...body } = request.body;
    if (!UUID.test(marketplaceId)) throw ServiceError.conflict(EMBED_MESSAGES.NOT_READY);
    const amount = BigInt(amountToMinor(body.amount)!);
    const outcome = await this.idempotency.runKeeping(
      `embed-orders:${marketplaceId}`,
      request.idempotencyKey,
      { ...body, marketplaceId },
      async (manager) => {
        const marketplace = await this.marketplaces.forEmbed(marketplaceId, companyId, body.currency, EMBED_MESSAGES.NOT_READY, manager);
        const orderId = body.orderId ?? `emb_${randomBytes(12).toString('base64url')}`;
        if (body.orderId && (await this.orders.byOrderId(manager, orderId, { companyId }))) {
          throw ServiceError.conflict(CheckoutErrors.ORDER_ID_TAKEN, { orderId: [CheckoutErrors.ORDER_ID_TAKEN] });
        }
        const order = await this.companyOrders.insert(
          manager,
          companyId,
          {
            orderId,
            amount,
            currency: body.currency,
            recipient: body.recipient,
            buyerEmail: body.buyerEmail,
            buyerName: body.buyerName,
            description: body.description ?? `Order from ${marketplace.feeTerms.name}`,
            printProvider: body.printProvider,
            providerCost: minorOrUndefined(body.providerCost),
          },
          marketplace,
        );
        const intent = await this.intents.payOrder(manager, order, 'recipient');
        const paid = (await this.orders.byId(manager, order.id))!;
        return {
          order: toApiOrderView(paid),
          paymentIntentId: intent.paymentIntentId,
          clientSecret: intent.clientSecret,
          developmentMode: intent.developmentMode,
        };
      },
      (answer): KeptEmbedOrder => ({ orderUuid: answer.order.id, paymentIntentId: answer.paymentIntentId }),
    );
    this.relay.kick();
    if (outcome.ran) return outcome.result;
    // The same request again (a retried click): the same order and PaymentIntent, read as they now are.
    const order = await this.orders.byId(this.orders.dataSource.manager, outcome.kept.orderUuid);
    const intent = await this.processor.retrievePaymentIntent(outcome.kept.paymentIntentId);
    return {
      order: toApiOrderView(order!),
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      developmentMode: this.processor.developmentMode,
    };
  }
}
