import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  CreateRefundDto,
  ListRefundsDto,
  RpcPatterns,
  summariseFieldErrors,
  validateDto,
  type RefundList,
  type RefundView,
} from '@paymarket/contracts';
import { ApiKey, CurrentCompany, type ApiCompany } from '../auth/api-key.guard.js';
import { ApiError } from '../http/api-error.js';
import { auditContext, companyActor } from '../http/audit-context.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag, PAGE_QUERY } from '../openapi/describe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { companyCaller } from './integrator-orders.controller.js';

const C = RpcPatterns.checkout;

/**
 * Refunds through the integrator API (ADR 0038): a company refunds its own paid orders, all or part, in minor units;
 * the reversals are split exactly as an administrator's refund. Another company's order or refund answers 404.
 */
@DocTag('Refunds')
@Controller('api/v1/refunds')
@RateLimit('integrator-api')
@ApiKey()
export class IntegratorRefundsController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: 'Refund all or part of a paid order',
    description:
      'Without `amount`, refunds everything that is left. The fee and the recipients give back in proportion to what each ' +
      'still holds (their transfers are reversed), then the card is refunded; a `payment.refunded` webhook follows.',
    status: 201,
    returns: 'RefundView',
    idempotent: 'required',
    errors: [400, 404, 409, 422],
    example: {
      id: '0e6f1a52-6c1b-4d0e-9f7e-8a1c2b3d4e5f',
      orderId: '5b0c2f4e-7d1a-4c86-9a57-0e2f3c1d9b10',
      amount: 2500,
      currency: 'usd',
      status: 'succeeded',
      reason: 'requested_by_customer',
      createdAt: '2026-11-25T10:05:00.000Z',
    },
  })
  @Post()
  @HttpCode(201)
  create(@Body() body: CreateRefundDto, @CurrentCompany() company: ApiCompany, @Req() request: FastifyRequest): Promise<RefundView> {
    return this.rpc.call(C.API_CREATE_REFUND, {
      caller: companyCaller(company),
      idempotencyKey: idempotencyKeyOf(request),
      body,
      audit: auditContext(request, companyActor(company)),
    });
  }

  @Doc({
    summary: "List the company's refunds, newest first",
    returns: 'RefundList',
    errors: [400],
    query: [...PAGE_QUERY, { name: 'order', description: "Only this order's refunds (the order's id)." }],
  })
  @Get()
  list(@Query() query: Record<string, unknown>, @CurrentCompany() company: ApiCompany): Promise<RefundList> {
    const result = validateDto(ListRefundsDto, query ?? {});
    if (!result.ok) throw ApiError.of(400, summariseFieldErrors(result.errors), result.errors);
    return this.rpc.call(C.API_LIST_REFUNDS, { caller: companyCaller(company), body: result.value });
  }

  @Doc({ summary: 'Get a refund', returns: 'RefundView', errors: [404] })
  @Get(':id')
  get(@Param('id') id: string, @CurrentCompany() company: ApiCompany): Promise<RefundView> {
    return this.rpc.call(C.API_GET_REFUND, { caller: companyCaller(company), body: { id } });
  }
}
