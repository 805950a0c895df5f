import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ReplayWebhookDeliveriesDto,
  RpcPatterns,
  type SendTestWebhookDto,
  type ReplayResult,
  type WebhookDeliveryDetail,
  type WebhookDeliveryList,
  type WebhookDeliveryView,
} from '@paymarket/contracts';
import { ApiKey, CurrentCompany, type ApiCompany } from '../auth/api-key.guard.js';
import { ApiError } from '../http/api-error.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag, PAGE_QUERY } from '../openapi/describe.js';

const N = RpcPatterns.notifications;

/** Query strings are validated by notifications with ListWebhookDeliveriesDto (400 naming the field). */
function queryOf(query: Record<string, unknown> | undefined): Record<string, unknown> {
  return { ...(query ?? {}) };
}

/**
 * The delivery log of an endpoint, resend and replay, and test events (ADR 0039), scoped to the caller's company:
 * another company's endpoint or delivery answers 404.
 */
@DocTag('Webhook deliveries')
@Controller('api/v1')
@ApiKey()
export class WebhookDeliveriesController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: "An endpoint's deliveries, newest first (filter by status, event type and time)",
    returns: 'WebhookDeliveryList',
    errors: [400, 404],
    query: [
      ...PAGE_QUERY,
      { name: 'status', description: 'pending, succeeded or failed.' },
      { name: 'eventType', description: 'One event type, e.g. payment.succeeded.' },
      { name: 'since', format: 'date-time', description: 'Created at or after this time.' },
      { name: 'until', format: 'date-time', description: 'Created before this time.' },
    ],
  })
  @Get('webhook-endpoints/:id/deliveries')
  list(
    @CurrentCompany() company: ApiCompany,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<WebhookDeliveryList> {
    return this.rpc.call(N.LIST_WEBHOOK_DELIVERIES, { ...queryOf(query), companyId: company.id, endpointId: id });
  }

  @Doc({
    summary: 'Replay every failed delivery of an endpoint created since a time (at most 30 days ago)',
    status: 202,
    returns: 'ReplayResult',
    errors: [400, 404, 409],
  })
  @Post('webhook-endpoints/:id/replay')
  @HttpCode(202)
  replay(@CurrentCompany() company: ApiCompany, @Param('id') id: string, @Body() body: ReplayWebhookDeliveriesDto): Promise<ReplayResult> {
    return this.rpc.call(N.REPLAY_WEBHOOK_DELIVERIES, { since: body.since, companyId: company.id, endpointId: id });
  }

  @Doc({
    summary: 'Send a webhook.test event to this endpoint only',
    status: 202,
    returns: 'WebhookDeliveryView',
    body: 'SendTestWebhookDto',
    idempotent: true,
    errors: [400, 404, 409, 422],
  })
  @Post('webhook-endpoints/:id/test')
  @HttpCode(202)
  test(
    @CurrentCompany() company: ApiCompany,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<WebhookDeliveryView> {
    // The body is optional; notifications validates it with SendTestWebhookDto (400 naming `type`).
    const fields = body === undefined || body === null ? {} : body;
    if (typeof fields !== 'object' || Array.isArray(fields))
      throw ApiError.of(400, 'The request body must be a JSON object', { body: ['The request body must be a JSON object'] });
    const idempotencyKey = idempotencyKeyOf(request);
    return this.rpc.call(N.SEND_TEST_WEBHOOK, { ...(fields as SendTestWebhookDto), companyId: company.id, id, idempotencyKey });
  }

  @Doc({
    summary: 'A delivery with every attempt (time, status, latency, the first 1 KB of the answer)',
    returns: 'WebhookDeliveryDetail',
    errors: [404],
  })
  @Get('webhook-deliveries/:id')
  get(@CurrentCompany() company: ApiCompany, @Param('id') id: string): Promise<WebhookDeliveryDetail> {
    return this.rpc.call(N.GET_WEBHOOK_DELIVERY, { companyId: company.id, id });
  }

  @Doc({ summary: 'Send a delivery again now (same body and webhook-id)', status: 202, returns: 'WebhookDeliveryView', errors: [404] })
  @Post('webhook-deliveries/:id/resend')
  @HttpCode(202)
  resend(@CurrentCompany() company: ApiCompany, @Param('id') id: string): Promise<WebhookDeliveryView> {
    return this.rpc.call(N.RESEND_WEBHOOK_DELIVERY, { companyId: company.id, id });
  }
}
