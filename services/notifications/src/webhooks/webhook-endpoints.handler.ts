import { randomUUID } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateWebhookEndpointDto,
  RollWebhookSecretDto,
  RpcPatterns,
  UpdateWebhookEndpointDto,
  type AuditContext,
  type CreatedWebhookEndpoint,
  type WebhookSecretView,
  summariseFieldErrors,
  validateDto,
  WEBHOOK_ENDPOINT_MESSAGES as M,
  type RpcEnvelope,
  type WebhookEndpointList,
  type WebhookEndpointView,
} from '@paymarket/contracts';
import {
  idempotencyKeyFrom,
  recordAudit,
  requireAuditContext,
  SERVICE_CONFIG,
  ServiceError,
  UnitOfWork,
  type ServiceRuntimeConfig,
  type Transaction,
} from '@paymarket/platform';
import { webhookUrlProblem } from './webhook-url.js';
import { MAX_ROLL_OVERLAP_HOURS, WebhookSecrets } from './webhook-secrets.js';
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

/** What the audit trail keeps of an endpoint (ADR 0075): what a reader needs, never its secret. */
function auditedFields(endpoint: WebhookEndpointView): Record<string, unknown> {
  return {
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    description: endpoint.description,
  };
}

/** The fields an update changed, before and after; null when it changed none (a no-op records nothing). */
function endpointChange(
  before: WebhookEndpointView,
  after: WebhookEndpointView,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was = auditedFields(before);
  const now = auditedFields(after);
  const changed = Object.keys(now).filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]));
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((field) => [field, was[field]])),
    after: Object.fromEntries(changed.map((field) => [field, now[field]])),
  };
}

/** A repeat of a registration whose endpoint has since been deleted: there is nothing left to answer with. */
export const ENDPOINT_GONE =
  'The webhook endpoint registered with this Idempotency-Key has since been deleted. Use a new Idempotency-Key to register it again.';

/** Integrator webhook endpoints of the caller's company (ADR 0033). */
@Controller()
export class WebhookEndpointsHandler {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    private readonly unitOfWork: UnitOfWork,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceRuntimeConfig,
  ) {}

  private urlProblem(url: string): void {
    const problem = webhookUrlProblem(url, { production: this.config.production });
    if (problem) throw ServiceError.invalid(problem, { url: [problem] });
  }

  @MessagePattern<string>(P.CREATE_WEBHOOK_ENDPOINT)
  async create(@Payload() message: RpcEnvelope<unknown>): Promise<CreatedWebhookEndpoint> {
    const data = objectOf(message.data);
    const companyId = companyOf(data);
    // Validated again here: the gateway is not the only possible caller.
    const { companyId: _company, idempotencyKey, audit: auditData, ...body } = data;
    const result = validateDto(CreateWebhookEndpointDto, body);
    if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
    const input = result.value;
    this.urlProblem(input.url);
    const audit = requireAuditContext(auditData);
    const once = {
      scope: `webhook-endpoints:${companyId}`,
      key: idempotencyKeyFrom(idempotencyKey),
      request: { url: input.url, events: input.events, description: input.description ?? null },
    };
    const outcome = await this.unitOfWork.runOnceKeeping(
      once,
      async (tx): Promise<CreatedWebhookEndpoint> => {
        const id = randomUUID();
        const { secret, ciphertext } = this.secrets.create(id);
        const created = await this.webhooks.createEndpoint(
          tx,
          { id, companyId, url: input.url, events: input.events, description: input.description ?? null, secretCiphertext: ciphertext },
          MAX_ENDPOINTS,
        );
        if (!created) throw ServiceError.conflict(M.TOO_MANY);
        await this.audit(tx, audit, companyId, 'webhook_endpoint.created', id, null, auditedFields(created));
        return { ...created, secret };
      },
      // Kept in idempotency_keys to answer a repeat: the endpoint without its secret.
      ({ secret: _secret, ...kept }) => kept,
    );
    return outcome.ran ? outcome.result : this.registeredBefore(companyId, outcome.kept.id);
  }

  /**
   * A repeat of a registration (a retry after a lost answer): the endpoint as it is now, with its secret read the way
   * `reveal` reads it (stored encrypted, so never in the kept answer), so the retry gets a usable answer.
   */
  private async registeredBefore(companyId: string, id: string): Promise<CreatedWebhookEndpoint> {
    const endpoint = await this.webhooks.getEndpoint(companyId, id);
    const secret = endpoint ? await this.secrets.reveal(companyId, id) : null;
    if (!endpoint || secret === null) throw ServiceError.conflict(ENDPOINT_GONE, { 'Idempotency-Key': [ENDPOINT_GONE] });
    return { ...endpoint, secret };
  }

  @MessagePattern<string>(P.GET_WEBHOOK_ENDPOINT)
  async get(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookEndpointView> {
    const { companyId, id } = this.target(message);
    const endpoint = id ? await this.webhooks.getEndpoint(companyId, id) : null;
    if (!endpoint) throw ServiceError.notFound(M.NOT_FOUND);
    return endpoint;
  }

  @MessagePattern<string>(P.UPDATE_WEBHOOK_ENDPOINT)
  async update(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookEndpointView> {
    const { companyId, id, data } = this.target(message);
    const { companyId: _company, id: _id, audit: auditData, ...body } = data;
    const result = validateDto(UpdateWebhookEndpointDto, body);
    if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
    const patch = result.value;
    if (patch.url === undefined && patch.events === undefined && patch.description === undefined && patch.enabled === undefined) {
      throw ServiceError.invalid(M.EMPTY_UPDATE);
    }
    if (patch.url !== undefined) this.urlProblem(patch.url);
    const audit = requireAuditContext(auditData);
    if (!id) throw ServiceError.notFound(M.NOT_FOUND);
    // The endpoint is locked while it changes, so the audit row's before is what this update replaced.
    const updated = await this.unitOfWork.run(async (tx) => {
      const before = await this.webhooks.getEndpoint(companyId, id, tx);
      const after = before ? await this.webhooks.updateEndpoint(companyId, id, patch, tx) : null;
      if (!before || !after) return null;
      const change = endpointChange(before, after);
      if (change) await this.audit(tx, audit, companyId, 'webhook_endpoint.updated', id, change.before, change.after);
      return after;
    });
    if (!updated) throw ServiceError.notFound(M.NOT_FOUND);
    return updated;
  }

  @MessagePattern<string>(P.REVEAL_WEBHOOK_SECRET)
  async reveal(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookSecretView> {
    const { companyId, id } = this.target(message);
    return this.revealed(companyId, id);
  }

  /** The endpoint's current secret and until when the previous one still signs; another company's is not found. */
  private async revealed(companyId: string, id: string | null): Promise<WebhookSecretView> {
    const secret = id ? await this.secrets.reveal(companyId, id) : null;
    if (secret === null) throw ServiceError.notFound(M.NOT_FOUND);
    const stored = await this.webhooks.secretsOf(companyId, id!);
    const until =
      stored?.previousExpiresAt && stored.previousExpiresAt.getTime() > Date.now() ? stored.previousExpiresAt.toISOString() : null;
    return { secret, previousSecretExpiresAt: until };
  }

  /**
   * At most one roll per Idempotency-Key of the endpoint: a repeat (a retry after a lost answer) rolls nothing more, so
   * the secret the receiver still verifies with keeps its overlap, and answers the current secret the way `reveal`
   * reads it (stored encrypted, so never in the kept answer).
   */
  @MessagePattern<string>(P.ROLL_WEBHOOK_SECRET)
  async roll(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookSecretView> {
    const { companyId, id, data } = this.target(message);
    const { companyId: _company, id: _id, idempotencyKey, audit: auditData, ...body } = data;
    const result = validateDto(RollWebhookSecretDto, body);
    if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
    const audit = requireAuditContext(auditData);
    const hours = result.value.expiresInHours ?? MAX_ROLL_OVERLAP_HOURS;
    const key = idempotencyKeyFrom(idempotencyKey);
    if (!id) throw ServiceError.notFound(M.NOT_FOUND);
    // An explicit 24 hours is the same request as none.
    const once = { scope: `webhook-secret-rolls:${companyId}:${id}`, key, request: { expiresInHours: hours } };
    const outcome = await this.unitOfWork.runOnceKeeping(
      once,
      async (tx): Promise<WebhookSecretView> => {
        const rolled = await this.secrets.roll(companyId, id, hours, tx);
        if (rolled === null) throw ServiceError.notFound(M.NOT_FOUND);
        const previousSecretExpiresAt = rolled.previousExpiresAt?.toISOString() ?? null;
        // Only that it rolled, and until when the previous secret still signs: never a secret.
        await this.audit(tx, audit, companyId, 'webhook_endpoint.secret_rolled', id, null, {
          secretRolledAt: new Date().toISOString(),
          previousExpiresAt: previousSecretExpiresAt,
        });
        return { secret: rolled.secret, previousSecretExpiresAt };
      },
      // Kept in idempotency_keys: when the previous secret stops signing, never the new secret.
      ({ previousSecretExpiresAt }) => ({ previousSecretExpiresAt }),
    );
    // A repeat answers from the endpoint as it is now.
    return outcome.ran ? outcome.result : this.revealed(companyId, id);
  }

  /** The caller's company and the endpoint id (null when it cannot be one: answered as not found). */
  private target(message: RpcEnvelope<unknown>): { companyId: string; id: string | null; data: Record<string, unknown> } {
    const data = objectOf(message.data);
    const companyId = companyOf(data);
    return { companyId, id: typeof data.id === 'string' && UUID.test(data.id) ? data.id : null, data };
  }

  @MessagePattern<string>(P.LIST_WEBHOOK_ENDPOINTS)
  async list(@Payload() message: RpcEnvelope<unknown>): Promise<WebhookEndpointList> {
    return { data: await this.webhooks.listEndpoints(companyOf(objectOf(message.data))) };
  }

  @MessagePattern<string>(P.DELETE_WEBHOOK_ENDPOINT)
  async remove(@Payload() message: RpcEnvelope<unknown>): Promise<{ deleted: true }> {
    const { companyId, id, data } = this.target(message);
    const audit = requireAuditContext(data.audit);
    // Another company's endpoint answers exactly like a missing one.
    const deleted =
      id !== null &&
      (await this.unitOfWork.run(async (tx) => {
        const before = await this.webhooks.getEndpoint(companyId, id, tx);
        if (!before || !(await this.webhooks.deleteEndpoint(companyId, id, tx))) return false;
        await this.audit(tx, audit, companyId, 'webhook_endpoint.deleted', id, auditedFields(before), null);
        return true;
      }));
    if (!deleted) throw ServiceError.notFound(M.NOT_FOUND);
    return { deleted: true };
  }

  /** The audit row of a change to one of the company's endpoints (ADR 0075), in the change's transaction. */
  private async audit(
    tx: Transaction,
    context: AuditContext,
    companyId: string,
    action: 'webhook_endpoint.created' | 'webhook_endpoint.updated' | 'webhook_endpoint.deleted' | 'webhook_endpoint.secret_rolled',
    id: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    await recordAudit(tx, 'notifications', context, { action, target: { type: 'webhook_endpoint', id }, companyId, before, after });
  }
}
