import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ApiCreateOrderDto,
  ApiListOrdersDto,
  CheckoutRpc,
  CreateDirectPaymentDto,
  CreateRefundDto,
  ListRefundsDto,
  REFUND_MESSAGES,
  type RefundList,
  type RefundView,
  CreateOrderDto,
  CreatePaymentIntentDto,
  PaymentStatusDto,
  RefundOrderDto,
  summariseFieldErrors,
  TestCardPaymentDto,
  validateDto,
  type ApiOrderList,
  type EmbedOrderResponse,
  type ApiOrderView,
  type CallerRequest,
  type DirectPaymentResponse,
  type LedgerReport,
  type OrderView,
  type PaymentIntentResponse,
  type PaymentsClientConfig,
  type PaymentStatusView,
  type RpcEnvelope,
} from '@paymarket/contracts';
import { requireAuditContext, ServiceError } from '@paymarket/platform';
import type { ClassConstructor } from 'class-transformer';
import { formatMinor } from '../fees/money.js';
import { PAYMARKET_FEES } from '../fees/fee-policy.js';
import { VerifyLedger } from '../ledger/verify-ledger.use-case.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrdersRepository, toOrderView } from '../orders/orders.repository.js';
import { RefundOrder } from '../refunds/refund-order.use-case.js';
import { StripeWebhook } from '../webhooks/stripe-webhook.use-case.js';
import { CheckoutErrors } from './checkout.errors.js';
import { CompanyOrders } from './company-orders.use-case.js';
import { CreateOrder } from './create-order.use-case.js';
import { EmbedOrderBody, EmbedOrders } from './embed-orders.use-case.js';
import { PaymentIntents } from './payment-intents.use-case.js';
import { PaymentProcessor } from './payment-processor.js';
import { PaymentStatus } from './payment-status.use-case.js';

/** Bodies are validated again here with the shared DTOs: the gateway is not the only possible caller. */
function validated<T extends object, E extends Record<string, unknown> = Record<never, never>>(
  cls: ClassConstructor<T>,
  request: CallerRequest<unknown>,
  extra?: E,
): CallerRequest<T & E> {
  const body = request.body as Record<string, unknown>;
  const plain = Object.fromEntries(Object.entries(body ?? {}).filter(([k]) => !extra || !(k in extra)));
  const result = validateDto(cls, plain);
  if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
  return { ...request, body: Object.assign(result.value, extra ?? {}) as T & E };
}

/** An order id from a URL path: one that cannot exist is simply not found. */
/** The `id` of a path (an order's or a refund's); anything else is simply not found. */
function withId(request: CallerRequest<{ id: string }>, notFound: string): CallerRequest<{ id: string }> {
  const id = String(request.body?.id ?? '');
  if (!UUID.test(id)) throw ServiceError.notFound(notFound);
  return { ...request, body: { id } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Controller()
export class CheckoutHandler {
  constructor(
    private readonly processor: PaymentProcessor,
    private readonly createOrder: CreateOrder,
    private readonly intents: PaymentIntents,
    private readonly status: PaymentStatus,
    private readonly refunds: RefundOrder,
    private readonly webhook: StripeWebhook,
    private readonly ledger: VerifyLedger,
    private readonly orders: OrdersRepository,
    private readonly companyOrders: CompanyOrders,
    private readonly embedOrders: EmbedOrders,
  ) {}

  @MessagePattern<string>(CheckoutRpc.CLIENT_CONFIG)
  config(): PaymentsClientConfig {
    return {
      developmentMode: this.processor.developmentMode,
      publishableKey: this.processor.developmentMode ? null : this.processor.publishableKey,
      fees: { usd: formatMinor(PAYMARKET_FEES.fixedFee.usd), cad: formatMinor(PAYMARKET_FEES.fixedFee.cad) },
    };
  }

  @MessagePattern<string>(CheckoutRpc.CREATE_ORDER)
  order(@Payload() message: RpcEnvelope<CallerRequest<unknown>>): Promise<OrderView> {
    return this.createOrder.execute(validated(CreateOrderDto, message.data));
  }

  @MessagePattern<string>(CheckoutRpc.CREATE_PAYMENT_INTENT)
  intent(@Payload() message: RpcEnvelope<CallerRequest<unknown>>): Promise<PaymentIntentResponse> {
    return this.intents.forOrder(validated(CreatePaymentIntentDto, message.data));
  }

  @MessagePattern<string>(CheckoutRpc.CREATE_DIRECT_PAYMENT)
  direct(@Payload() message: RpcEnvelope<CallerRequest<unknown>>): Promise<DirectPaymentResponse> {
    return this.intents.direct(validated(CreateDirectPaymentDto, message.data));
  }

  @MessagePattern<string>(CheckoutRpc.CONFIRM_TEST_CARD)
  testCard(@Payload() message: RpcEnvelope<CallerRequest<{ paymentIntentId: string }>>): Promise<PaymentStatusView> {
    const paymentIntentId = String(message.data.body?.paymentIntentId ?? '');
    return this.status.confirmTestCard(validated(TestCardPaymentDto, message.data, { paymentIntentId }));
  }

  @MessagePattern<string>(CheckoutRpc.RECHECK_PAYMENT)
  recheck(@Payload() message: RpcEnvelope<CallerRequest<unknown>>): Promise<PaymentStatusView> {
    return this.status.recheck(validated(PaymentStatusDto, message.data));
  }

  @MessagePattern<string>(CheckoutRpc.GET_PAYMENT)
  get(@Payload() message: RpcEnvelope<CallerRequest<{ paymentIntentId: string; clientSecret?: string }>>): Promise<PaymentStatusView> {
    return this.status.get(message.data);
  }

  @MessagePattern<string>(CheckoutRpc.LIST_ORDERS)
  async list(@Payload() message: RpcEnvelope<CallerRequest<{ all?: boolean }>>): Promise<OrderView[]> {
    const { caller, body } = message.data;
    if (body?.all) {
      if (!caller.admin) throw ServiceError.forbidden('Only administrators can see all orders.');
      return this.withDisputes(await this.orders.listAll());
    }
    if (!caller.buyer) throw ServiceError.unauthorized(CheckoutErrors.SIGN_IN_REQUIRED);
    return this.withDisputes(await this.orders.listForBuyer(caller.buyer.id));
  }

  /** Each order's dispute or null, read for the whole page at once. */
  private async withDisputes(orders: OrderEntity[]): Promise<OrderView[]> {
    const disputes = await this.orders.disputesOf(orders.map((o) => o.id));
    return orders.map((o) => ({ ...toOrderView(o), dispute: disputes.get(o.id) ?? null }));
  }

  @MessagePattern<string>(CheckoutRpc.REFUND_ORDER)
  refund(@Payload() message: RpcEnvelope<CallerRequest<{ orderId: string }> & { audit?: unknown }>): Promise<OrderView> {
    const orderId = String(message.data.body?.orderId ?? '');
    const request = validated(RefundOrderDto, message.data, { orderId });
    return this.refunds.execute({ ...request, audit: requireAuditContext(message.data.audit) });
  }

  @MessagePattern<string>(CheckoutRpc.HANDLE_STRIPE_WEBHOOK)
  stripeWebhook(@Payload() message: RpcEnvelope<{ payload: string; signature: string }>): Promise<{ received: true; duplicate: boolean }> {
    return this.webhook.handle(String(message.data.payload ?? ''), String(message.data.signature ?? ''));
  }

  @MessagePattern<string>(CheckoutRpc.API_CREATE_ORDER)
  apiCreateOrder(@Payload() message: RpcEnvelope<CallerRequest<unknown>>): Promise<ApiOrderView> {
    return this.companyOrders.create(validated(ApiCreateOrderDto, message.data));
  }

  @MessagePattern<string>(CheckoutRpc.API_PAYMENT_INTENT)
  apiPaymentIntent(@Payload() message: RpcEnvelope<CallerRequest<{ id: string }>>): Promise<PaymentIntentResponse> {
    return this.companyOrders.paymentIntent(withId(message.data, CheckoutErrors.ORDER_NOT_FOUND));
  }

  @MessagePattern<string>(CheckoutRpc.API_GET_ORDER)
  apiGetOrder(@Payload() message: RpcEnvelope<CallerRequest<{ id: string }>>): Promise<ApiOrderView> {
    return this.companyOrders.get(withId(message.data, CheckoutErrors.ORDER_NOT_FOUND));
  }

  @MessagePattern<string>(CheckoutRpc.API_LIST_ORDERS)
  apiListOrders(@Payload() message: RpcEnvelope<CallerRequest<unknown>>): Promise<ApiOrderList> {
    return this.companyOrders.list(validated(ApiListOrdersDto, message.data));
  }

  @MessagePattern<string>(CheckoutRpc.API_CREATE_REFUND)
  apiCreateRefund(@Payload() message: RpcEnvelope<CallerRequest<unknown> & { audit?: unknown }>): Promise<RefundView> {
    const request = validated(CreateRefundDto, message.data);
    return this.refunds.forCompany({ ...request, audit: requireAuditContext(message.data.audit) });
  }

  @MessagePattern<string>(CheckoutRpc.API_GET_REFUND)
  apiGetRefund(@Payload() message: RpcEnvelope<CallerRequest<{ id: string }>>): Promise<RefundView> {
    return this.refunds.getForCompany(withId(message.data, REFUND_MESSAGES.REFUND_NOT_FOUND));
  }

  @MessagePattern<string>(CheckoutRpc.API_LIST_REFUNDS)
  apiListRefunds(@Payload() message: RpcEnvelope<CallerRequest<unknown>>): Promise<RefundList> {
    return this.refunds.listForCompany(validated(ListRefundsDto, message.data));
  }

  /** ADR 0052: the gateway verified the embed token; `marketplaceId` is the token's, the caller its company. */
  @MessagePattern<string>(CheckoutRpc.EMBED_CREATE_ORDER)
  embedCreateOrder(@Payload() message: RpcEnvelope<CallerRequest<{ marketplaceId?: unknown }>>): Promise<EmbedOrderResponse> {
    const marketplaceId = String(message.data.body?.marketplaceId ?? '');
    return this.embedOrders.create(validated(EmbedOrderBody, message.data, { marketplaceId }));
  }

  @MessagePattern<string>(CheckoutRpc.VERIFY_LEDGER)
  verify(@Payload() message: RpcEnvelope<{ withStripe?: boolean }>): Promise<LedgerReport> {
    return this.ledger.execute(message.data?.withStripe !== false);
  }
}
