import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateWebhookEndpointDto,
  RpcPatterns,
  summariseFieldErrors,
  validateDto,
  WEBHOOK_ENDPOINT_MESSAGES as M,
  type RpcEnvelope,
  type WebhookEndpointListResponse,
  type WebhookEndpointResponse,
} from '@paymarket/contracts';
import { SERVICE_CONFIG, ServiceError, type ServiceRuntimeConfig } from '@paymarket/platform';
import { webhookUrlProblem } from './webhook-url.js';
import { WebhooksRepository } from './webhooks.repository.js';

const P = RpcPatterns.notifications;
/** Endpoints per company. */
export const MAX_ENDPOINTS = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function objectOf(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** The company id the gateway's API key guard verified; anything else is a programming error, not user input. */
function companyOf(data: Record<string, unknown>): string {
  if (typeof data.companyId !== 'string' || !UUID.test(data.companyId)) throw ServiceError.invalid('companyId is required');
  return data.companyId;
}

/** Integrator webhook endpoints of the caller's company (ADR 0033). */
@Controller()
export class WebhookEndpointsHandler {
  constructor(
    private readonly webhooks: WebhooksRepository,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceRuntimeConfig,
  ) {}

  @MessagePattern<string>(P.CREATE_WEBHOOK_ENDPOINT)
  async create(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookEndpointResponse> {
    const data = objectOf(message.data);
    const companyId = companyOf(data);
    // Validated again here: the gateway is not the only possible caller.
    const result = validateDto(CreateWebhookEndpointDto, { url: data.url, events: data.events });
    if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
    const problem = webhookUrlProblem(result.value.url, { production: this.config.production });
    if (problem) throw ServiceError.invalid(problem, { url: [problem] });
    const created = await this.webhooks.createEndpoint(companyId, result.value.url, result.value.events, MAX_ENDPOINTS);
    if (!created) throw ServiceError.conflict(M.TOO_MANY);
    return created;
  }

  @MessagePattern<string>(P.LIST_WEBHOOK_ENDPOINTS)
  async list(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookEndpointListResponse> {
    return { data: await this.webhooks.listEndpoints(companyOf(objectOf(message.data))) };
  }

  @MessagePattern<string>(P.DELETE_WEBHOOK_ENDPOINT)
  async remove(@Payload() message: RpcEnvelope<unknown>): Promise<{ deleted: true }> {
    const data = objectOf(message.data);
    const companyId = companyOf(data);
    // Another company's endpoint answers exactly like a missing one.
    if (typeof data.id !== 'string' || !UUID.test(data.id) || !(await this.webhooks.deleteEndpoint(companyId, data.id))) {
      throw ServiceError.notFound(M.NOT_FOUND);
    }
    return { deleted: true };
  }
}
