import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  CreateWebhookEndpointDto,
  RpcPatterns,
  type WebhookEndpointListResponse,
  type WebhookEndpointResponse,
} from '@paymarket/contracts';
import { ApiKey, CurrentCompany, type ApiCompany } from '../auth/api-key.guard.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';

/**
 * Integrator webhook endpoints (ADR 0033), scoped to the company whose secret key calls: another company's endpoint
 * is never listed and answers 404. Signed with the company's whsec_… issued with its credentials.
 */
@DocTag('Webhook endpoints')
@Controller('api/v1/webhook-endpoints')
@ApiKey()
export class WebhookEndpointsController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({ summary: 'Register a webhook endpoint', status: 201, returns: 'WebhookEndpointResponse', errors: [400, 409] })
  @Post()
  @HttpCode(201)
  async create(@CurrentCompany() company: ApiCompany, @Body() body: CreateWebhookEndpointDto): Promise<WebhookEndpointResponse> {
    return this.rpc.call(RpcPatterns.notifications.CREATE_WEBHOOK_ENDPOINT, { companyId: company.id, url: body.url, events: body.events });
  }

  @Doc({ summary: "List the company's webhook endpoints", returns: 'WebhookEndpointListResponse' })
  @Get()
  async list(@CurrentCompany() company: ApiCompany): Promise<WebhookEndpointListResponse> {
    return this.rpc.call(RpcPatterns.notifications.LIST_WEBHOOK_ENDPOINTS, { companyId: company.id });
  }

  @Doc({
    summary: 'Delete a webhook endpoint',
    schema: { type: 'object', required: ['deleted'], properties: { deleted: { type: 'boolean', const: true } } },
    errors: [404],
  })
  @Delete(':id')
  @HttpCode(200)
  async remove(@CurrentCompany() company: ApiCompany, @Param('id') id: string): Promise<{ deleted: true }> {
    return this.rpc.call(RpcPatterns.notifications.DELETE_WEBHOOK_ENDPOINT, { companyId: company.id, id });
  }
}
