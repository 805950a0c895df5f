import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  API_ORDERS_DEFAULT_LIMIT,
  ApiCreateOrderDto,
  ApiListOrdersDto,
  summariseFieldErrors,
  validateDto,
  RpcPatterns,
  TestCardPaymentDto,
  type ApiOrderList,
  type ApiOrderView,
  type Caller,
  type PaymentIntentResponse,
  type PaymentStatusView,
} from '@paymarket/contracts';
import { ApiKey, CurrentCompany, type ApiCompany } from '../auth/api-key.guard.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { originOf } from './caller.js';
import { Doc, DocTag, PAGE_QUERY } from '../openapi/describe.js';

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{6,100}$/;
const C = RpcPatterns.checkout;

export function companyCaller(company: ApiCompany): Caller {
  return { company: { id: company.id } };
}

/**
 * The integrator REST API for orders and payments (ADR 0032): every route needs an approved company's secret key
 * (`Authorization: Bearer sk_…`), and a company reaches only its own orders. Bodies are validated again in payments.
 */
// Decorators apply bottom-up and each appends its guard, so ApiKeyGuard runs first: the limiter counts per company.
@DocTag('Orders')
@Controller('api/v1')
@RateLimit('integrator-api')
@ApiKey()
export class IntegratorOrdersController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: 'Create an order',
    status: 201,
    returns: 'ApiOrderView',
    idempotent: true,
    errors: [400, 409, 422],
    example: {
      id: '5b0c2f4e-7d1a-4c86-9a57-0e2f3c1d9b10',
      orderId: 'order_1001',
      status: 'pending',
      amount: '96.44',
      fee: '3.56',
      total: '100.00',
      refunded: '0.00',
      currency: 'usd',
      description: 'Poster print, A2',
      recipient: 'acct_1PMDemoPrintCo00001',
      paymentIntentId: null,
      buyerEmail: 'ada@example.com',
      buyerName: 'Ada Lovelace',
      createdAt: '2026-11-25T10:00:00.000Z',
      marketplace: null,
      split: [
        { party: 'platform', amount: '3.56', name: 'PayMarket' },
        { party: 'provider', amount: '96.44', name: 'Demo Print Co.' },
      ],
    },
  })
  @Post('orders')
  @HttpCode(201)
  createOrder(
    @Body() body: ApiCreateOrderDto,
    @CurrentCompany() company: ApiCompany,
    @Req() request: FastifyRequest,
  ): Promise<ApiOrderView> {
    return this.rpc.call(C.API_CREATE_ORDER, { caller: companyCaller(company), idempotencyKey: idempotencyKeyOf(request), body });
  }

  @Doc({
    summary: "List the company's orders, newest first",
    returns: 'ApiOrderList',
    errors: [400],
    query: [...PAGE_QUERY, { name: 'orderId', description: 'Only the order created with this reference of yours.' }],
  })
  @Get('orders')
  listOrders(@Query() query: Record<string, unknown>, @CurrentCompany() company: ApiCompany): Promise<ApiOrderList> {
    const result = validateDto(ApiListOrdersDto, query ?? {});
    if (!result.ok) throw ApiError.of(400, summariseFieldErrors(result.errors), result.errors);
    const body = { ...result.value, limit: result.value.limit ?? API_ORDERS_DEFAULT_LIMIT };
    return this.rpc.call(C.API_LIST_ORDERS, { caller: companyCaller(company), body });
  }

  @Doc({ summary: 'Get an order by its id', returns: 'ApiOrderView', errors: [404] })
  @Get('orders/:id')
  getOrder(@Param('id') id: string, @CurrentCompany() company: ApiCompany): Promise<ApiOrderView> {
    return this.rpc.call(C.API_GET_ORDER, { caller: companyCaller(company), body: { id } });
  }

  // 200, not 201: asking again for the same order returns the same PaymentIntent.
  @Doc({
    summary: "Create (or answer again) the order's PaymentIntent",
    returns: 'PaymentIntentResponse',
    idempotent: true,
    errors: [404, 409, 422],
  })
  @Post('orders/:id/payment-intent')
  @HttpCode(200)
  paymentIntent(
    @Param('id') id: string,
    @CurrentCompany() company: ApiCompany,
    @Req() request: FastifyRequest,
  ): Promise<PaymentIntentResponse> {
    return this.rpc.call(C.API_PAYMENT_INTENT, { caller: companyCaller(company), idempotencyKey: idempotencyKeyOf(request), body: { id } });
  }

  /** Development mode only (emulator or test key), on the company's own orders: pay with one of Stripe's test cards. */
  @Doc({
    summary: "Development mode: pay with one of Stripe's test cards (4242 4242 4242 4242 succeeds)",
    returns: 'PaymentStatusView',
    errors: [400, 404],
  })
  @Post('payments/:paymentIntentId/test-card')
  @HttpCode(200)
  testCard(
    @Param('paymentIntentId') paymentIntentId: string,
    @Body() body: TestCardPaymentDto,
    @CurrentCompany() company: ApiCompany,
    @Req() request: FastifyRequest,
  ): Promise<PaymentStatusView> {
    if (!PAYMENT_INTENT_ID.test(paymentIntentId)) throw ApiError.of(404, 'Payment not found.');
    return this.rpc.call(C.CONFIRM_TEST_CARD, {
      caller: companyCaller(company),
      origin: originOf(request),
      body: { ...body, paymentIntentId },
    });
  }
}
