import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, type RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  CreateDirectPaymentDto,
  CreateOrderDto,
  CreatePaymentIntentDto,
  PaymentStatusDto,
  RefundOrderDto,
  RpcPatterns,
  TestCardPaymentDto,
  type DirectPaymentResponse,
  type LedgerReport,
  type OrderView,
  type PaymentIntentResponse,
  type PaymentsClientConfig,
  type PaymentStatusView,
  type SignedInAdmin,
  type SignedInBuyer,
} from '@paymarket/contracts';
import { Admin, CurrentAdmin } from '../auth/admin.guard.js';
import { BuyerSession, CurrentBuyer } from '../auth/buyer-session.guard.js';
import { ApiError } from '../http/api-error.js';
import { adminActor, auditContext } from '../http/audit-context.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { optionalCaller, originOf } from './caller.js';
import { Doc, DocTag } from '../openapi/describe.js';

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{6,100}$/;
const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const C = RpcPatterns.checkout;

function adminCaller(admin: SignedInAdmin) {
  return { admin: { id: admin.id, email: admin.email } };
}
function buyerCaller(buyer: SignedInBuyer) {
  return { buyer: { id: buyer.id, email: buyer.email, name: buyer.name } };
}
function assertPaymentIntentId(id: string): void {
  if (!PAYMENT_INTENT_ID.test(id)) throw ApiError.of(404, 'Payment not found.');
}

/** Orders and payments (spec §7). Money objects accept an Idempotency-Key header. */
@DocTag('Payments (web)')
@Controller('api')
export class PaymentsController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({ summary: 'What the payment pages need: development mode, publishable key, fees', returns: 'PaymentsClientConfig' })
  @Get('payments/config')
  config(): Promise<PaymentsClientConfig> {
    return this.rpc.call(C.CLIENT_CONFIG, {});
  }

  @Doc({ summary: 'Create an order as the signed-in buyer', status: 201, returns: 'OrderView', idempotent: true, errors: [400, 409, 422] })
  @Post('orders')
  @BuyerSession()
  @HttpCode(201)
  createOrder(@Body() body: CreateOrderDto, @CurrentBuyer() buyer: SignedInBuyer, @Req() request: FastifyRequest): Promise<OrderView> {
    return this.rpc.call(C.CREATE_ORDER, { caller: buyerCaller(buyer), idempotencyKey: idempotencyKeyOf(request), body });
  }

  @Doc({ summary: "The signed-in buyer's orders", returns: 'OrderView', isArray: true })
  @Get('orders')
  @BuyerSession()
  listOrders(@CurrentBuyer() buyer: SignedInBuyer): Promise<OrderView[]> {
    return this.rpc.call(C.LIST_ORDERS, { caller: buyerCaller(buyer), body: {} });
  }

  // 200, not 201: asking again for the same order returns the same PaymentIntent.
  @Doc({
    summary: 'Create (or answer again) the PaymentIntent of an order',
    returns: 'PaymentIntentResponse',
    idempotent: true,
    errors: [400, 404, 409, 422],
  })
  @Post('create-payment-intent')
  @BuyerSession()
  @HttpCode(200)
  createPaymentIntent(
    @Body() body: CreatePaymentIntentDto,
    @CurrentBuyer() buyer: SignedInBuyer,
    @Req() request: FastifyRequest,
  ): Promise<PaymentIntentResponse> {
    return this.rpc.call(C.CREATE_PAYMENT_INTENT, { caller: buyerCaller(buyer), idempotencyKey: idempotencyKeyOf(request), body });
  }

  @Doc({
    summary: 'Pay a seller directly (creates the order and its PaymentIntent)',
    returns: 'DirectPaymentResponse',
    idempotent: true,
    errors: [400, 404, 422],
  })
  @Post('create-buyer-seller-payment')
  @HttpCode(200)
  // Open to guests: limited like every public form.
  @RateLimit('public-form')
  async createDirectPayment(@Body() body: CreateDirectPaymentDto, @Req() request: FastifyRequest): Promise<DirectPaymentResponse> {
    const caller = await optionalCaller(this.rpc, request);
    return this.rpc.call(C.CREATE_DIRECT_PAYMENT, { caller, idempotencyKey: idempotencyKeyOf(request), body });
  }

  /** Development mode only (emulator or test key): confirm with one of Stripe's test cards. */
  @Doc({ summary: "Development mode: confirm a payment with one of Stripe's test cards", returns: 'PaymentStatusView', errors: [400, 404] })
  @Post('payments/:paymentIntentId/test-card')
  @HttpCode(200)
  async testCard(
    @Param('paymentIntentId') paymentIntentId: string,
    @Body() body: TestCardPaymentDto,
    @Req() request: FastifyRequest,
  ): Promise<PaymentStatusView> {
    assertPaymentIntentId(paymentIntentId);
    const caller = await optionalCaller(this.rpc, request);
    return this.rpc.call(C.CONFIRM_TEST_CARD, { caller, origin: originOf(request), body: { ...body, paymentIntentId } });
  }

  /** The browser's "completed" is only a hint: the server asks Stripe and answers with the real status. */
  @Doc({ summary: "Re-check a payment's status with Stripe (never trusts the client)", returns: 'PaymentStatusView', errors: [400, 404] })
  @Post('payments')
  @HttpCode(200)
  async recheck(@Body() body: PaymentStatusDto, @Req() request: FastifyRequest): Promise<PaymentStatusView> {
    const caller = await optionalCaller(this.rpc, request);
    return this.rpc.call(C.RECHECK_PAYMENT, { caller, body });
  }

  @Doc({
    summary: 'The status of a payment',
    returns: 'PaymentStatusView',
    errors: [404],
    query: [
      {
        name: 'client_secret',
        description:
          "A guest's payment only: the PaymentIntent's client secret, as Stripe.js presents it (or Stripe's redirect adds it); the `pi_` id alone does not read a guest's payment. At most 200 characters.",
      },
    ],
  })
  @Get('payments/:paymentIntentId')
  async getPayment(
    @Param('paymentIntentId') paymentIntentId: string,
    @Req() request: FastifyRequest,
    // A guest's payment is read with its client secret, as Stripe.js does (the pi_ id alone is not enough).
    @Query('client_secret') clientSecret?: unknown,
  ): Promise<PaymentStatusView> {
    assertPaymentIntentId(paymentIntentId);
    const caller = await optionalCaller(this.rpc, request);
    const secret = typeof clientSecret === 'string' && clientSecret.length <= 200 ? clientSecret : undefined;
    return this.rpc.call(C.GET_PAYMENT, { caller, body: { paymentIntentId, ...(secret ? { clientSecret: secret } : {}) } });
  }

  /** Stripe's webhooks: verified by signature over the raw body in the payments service. */
  @Doc({
    summary: "Stripe's signed webhook (Stripe-Signature)",
    schema: {
      type: 'object',
      required: ['received', 'duplicate'],
      properties: { received: { type: 'boolean', const: true }, duplicate: { type: 'boolean' } },
    },
    errors: [400],
  })
  @Post('stripe/webhook')
  @HttpCode(200)
  stripeWebhook(@Req() request: RawBodyRequest<FastifyRequest>): Promise<{ received: true; duplicate: boolean }> {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !request.rawBody) throw ApiError.of(400, 'Missing Stripe-Signature header or body.');
    return this.rpc.call(C.HANDLE_STRIPE_WEBHOOK, { payload: request.rawBody.toString('utf8'), signature });
  }

  @Doc({ summary: 'Every order (administrators)', returns: 'OrderView', isArray: true })
  @Get('admin/orders')
  @Admin()
  allOrders(@CurrentAdmin() admin: SignedInAdmin): Promise<OrderView[]> {
    return this.rpc.call(C.LIST_ORDERS, { caller: adminCaller(admin), body: { all: true } });
  }

  @Doc({
    summary: 'Refund all or part of an order (administrators)',
    status: 201,
    returns: 'OrderView',
    idempotent: 'required',
    errors: [400, 404, 409, 422],
  })
  @Post('admin/orders/:orderId/refunds')
  @Admin()
  @HttpCode(201)
  refund(
    @Param('orderId') orderId: string,
    @Body() body: RefundOrderDto,
    @CurrentAdmin() admin: SignedInAdmin,
    @Req() request: FastifyRequest,
  ): Promise<OrderView> {
    if (!ORDER_ID.test(orderId)) throw ApiError.of(404, 'Order not found.');
    return this.rpc.call(C.REFUND_ORDER, {
      caller: adminCaller(admin),
      idempotencyKey: idempotencyKeyOf(request),
      body: { ...body, orderId },
      audit: auditContext(request, adminActor(admin)),
    });
  }

  @Doc({ summary: 'Verify the ledger and reconcile it with Stripe (administrators)', returns: 'LedgerReport' })
  @Get('admin/ledger/verify')
  @Admin()
  verifyLedger(): Promise<LedgerReport> {
    return this.rpc.call(C.VERIFY_LEDGER, { withStripe: true }, { timeoutMs: 60_000 });
  }
}
