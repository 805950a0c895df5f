import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  CreateWebhookEndpointDto,
  RollWebhookSecretDto,
  RpcPatterns,
  UpdateWebhookEndpointDto,
  type CreatedWebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointView,
  type WebhookSecretView,
} from '@paymarket/contracts';
import { ApiKey, CurrentCompany, type ApiCompany } from '../auth/api-key.guard.js';
import { ApiError } from '../http/api-error.js';
import { auditContext, companyActor } from '../http/audit-context.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';

const N = RpcPatterns.notifications;

/**
 * Integrator webhook endpoints (ADR 0033, 0036), scoped to the company whose secret key calls: another company's
 * endpoint is never listed and answers 404. Each endpoint signs its deliveries with its own whsec_… secret.
 */
@DocTag('Webhook endpoints')
@Controller('api/v1/webhook-endpoints')
@ApiKey()
export class WebhookEndpointsController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: 'Register a webhook endpoint (its signing secret is in this answer)',
    description:
      'A repeat with the same Idempotency-Key registers nothing and answers the endpoint the first call registered, with its current signing secret.',
    status: 201,
    returns: 'CreatedWebhookEndpoint',
    idempotent: true,
    errors: [400, 409, 422],
  })
  @Post()
  @HttpCode(201)
  async create(
    @CurrentCompany() company: ApiCompany,
    @Body() body: CreateWebhookEndpointDto,
    @Req() request: FastifyRequest,
  ): Promise<CreatedWebhookEndpoint> {
    return this.rpc.call(N.CREATE_WEBHOOK_ENDPOINT, {
      ...body,
      companyId: company.id,
      idempotencyKey: idempotencyKeyOf(request),
      audit: auditContext(request, companyActor(company)),
    });
  }

  @Doc({ summary: "List the company's webhook endpoints", returns: 'WebhookEndpointList' })
  @Get()
  async list(@CurrentCompany() company: ApiCompany): Promise<WebhookEndpointList> {
    return this.rpc.call(N.LIST_WEBHOOK_ENDPOINTS, { companyId: company.id });
  }

  @Doc({ summary: 'Get a webhook endpoint', returns: 'WebhookEndpointView', errors: [404] })
  @Get(':id')
  async get(@CurrentCompany() company: ApiCompany, @Param('id') id: string): Promise<WebhookEndpointView> {
    return this.rpc.call(N.GET_WEBHOOK_ENDPOINT, { companyId: company.id, id });
  }

  @Doc({
    summary: 'Change the URL, events or description, or enable/disable the endpoint',
    returns: 'WebhookEndpointView',
    errors: [400, 404],
  })
  @Patch(':id')
  async update(
    @CurrentCompany() company: ApiCompany,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
    @Req() request: FastifyRequest,
  ): Promise<WebhookEndpointView> {
    return this.rpc.call(N.UPDATE_WEBHOOK_ENDPOINT, {
      ...body,
      companyId: company.id,
      id,
      audit: auditContext(request, companyActor(company)),
    });
  }

  @Doc({
    summary: 'Delete a webhook endpoint (its pending deliveries are never sent)',
    schema: { type: 'object', required: ['deleted'], properties: { deleted: { type: 'boolean', const: true } } },
    errors: [404],
  })
  @Delete(':id')
  @HttpCode(200)
  async remove(@CurrentCompany() company: ApiCompany, @Param('id') id: string, @Req() request: FastifyRequest): Promise<{ deleted: true }> {
    return this.rpc.call(N.DELETE_WEBHOOK_ENDPOINT, { companyId: company.id, id, audit: auditContext(request, companyActor(company)) });
  }

  @Doc({ summary: "Reveal the endpoint's signing secret", returns: 'WebhookSecretView', errors: [404] })
  @Get(':id/secret')
  async secret(@CurrentCompany() company: ApiCompany, @Param('id') id: string): Promise<WebhookSecretView> {
    return this.rpc.call(N.REVEAL_WEBHOOK_SECRET, { companyId: company.id, id });
  }

  @Doc({
    summary: 'Roll the signing secret; the previous one keeps signing alongside for up to 24 hours',
    description:
      'A repeat with the same Idempotency-Key rolls nothing more (the secret your receiver still verifies with keeps its overlap) and answers the current signing secret, as GET …/secret reveals it.',
    status: 201,
    returns: 'WebhookSecretView',
    body: 'RollWebhookSecretDto',
    idempotent: true,
    errors: [400, 404, 422],
  })
  @Post(':id/secret/roll')
  @HttpCode(201)
  async roll(
    @CurrentCompany() company: ApiCompany,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<WebhookSecretView> {
    // The body is optional (the default overlap is 24 hours); notifications validates it with RollWebhookSecretDto.
    const fields = body === undefined || body === null ? {} : body;
    if (typeof fields !== 'object' || Array.isArray(fields))
      throw ApiError.of(400, 'The request body must be a JSON object', { body: ['The request body must be a JSON object'] });
    const idempotencyKey = idempotencyKeyOf(request);
    return this.rpc.call(N.ROLL_WEBHOOK_SECRET, {
      ...(fields as RollWebhookSecretDto),
      companyId: company.id,
      id,
      idempotencyKey,
      audit: auditContext(request, companyActor(company)),
    });
  }
}
