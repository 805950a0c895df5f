import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AttachMarketplaceDto,
  RpcPatterns,
  SetupMarketplaceDto,
  summariseFieldErrors,
  UpdateMarketplaceDto,
  validateDto,
  type EmbedMarketplace,
  type MarketplaceConsoleResponse,
  type MarketplaceView,
  type RpcEnvelope,
  type SetupMarketplaceResponse,
} from '@paymarket/contracts';
import { idempotencyKeyFrom, requireAuditContext, ServiceError } from '@paymarket/platform';
import type { ClassConstructor } from 'class-transformer';
import { AttachMarketplaceUseCase } from './attach-marketplace.use-case.js';
import { EmbedMarketplaceUseCase } from './embed-marketplace.use-case.js';
import { GetCompanyMarketplaceUseCase } from './get-company-marketplace.use-case.js';
import { RegisterMarketplaceUseCase } from './register-marketplace.use-case.js';
import { UpdateMarketplaceUseCase } from './update-marketplace.use-case.js';

const P = RpcPatterns.onboarding;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

// Validated again here: the gateway is not the only possible caller.
function validated<T extends object>(cls: ClassConstructor<T>, plain: unknown): T {
  const result = validateDto(cls, plain);
  if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
  return result.value;
}

/** The caller's company, as the gateway verified it (never taken from a request body). */
function companyOf(fields: Record<string, unknown>): string {
  const { companyId } = fields;
  if (typeof companyId !== 'string' || !UUID.test(companyId)) throw ServiceError.invalid('companyId is required');
  return companyId;
}

/** White-label marketplaces: registration (ADR 0028) and tenants of a company (ADR 0051). */
@Controller()
export class MarketplacesHandler {
  constructor(
    private readonly registerMarketplace: RegisterMarketplaceUseCase,
    private readonly getCompanyMarketplace: GetCompanyMarketplaceUseCase,
    private readonly attachMarketplace: AttachMarketplaceUseCase,
    private readonly updateMarketplace: UpdateMarketplaceUseCase,
    private readonly embedMarketplace: EmbedMarketplaceUseCase,
  ) {}

  @MessagePattern<string>(P.SETUP_MARKETPLACE)
  async setup(@Payload() message: RpcEnvelope<unknown>): Promise<SetupMarketplaceResponse> {
    return this.registerMarketplace.execute(validated(SetupMarketplaceDto, message.data));
  }

  @MessagePattern<string>(P.GET_COMPANY_MARKETPLACE)
  get(@Payload() message: RpcEnvelope<unknown>): Promise<MarketplaceConsoleResponse> {
    return this.getCompanyMarketplace.execute(companyOf(fieldsOf(message.data)));
  }

  @MessagePattern<string>(P.ATTACH_MARKETPLACE)
  attach(@Payload() message: RpcEnvelope<unknown>): Promise<MarketplaceView> {
    const fields = fieldsOf(message.data);
    const companyId = companyOf(fields);
    const { companyId: _companyId, idempotencyKey, ...rest } = fields;
    const { marketplaceId } = validated(AttachMarketplaceDto, rest);
    return this.attachMarketplace.execute({ companyId, marketplaceId }, idempotencyKeyFrom(idempotencyKey));
  }

  @MessagePattern<string>(P.UPDATE_MARKETPLACE)
  update(@Payload() message: RpcEnvelope<unknown>): Promise<MarketplaceView> {
    const fields = fieldsOf(message.data);
    const companyId = companyOf(fields);
    if (typeof fields.body !== 'object' || fields.body === null || Array.isArray(fields.body)) {
      throw ServiceError.invalid('The request body must be a JSON object', { body: ['The request body must be a JSON object'] });
    }
    const body = validated(UpdateMarketplaceDto, fields.body);
    return this.updateMarketplace.execute(companyId, body, requireAuditContext(fields.audit), idempotencyKeyFrom(fields.idempotencyKey));
  }

  @MessagePattern<string>(P.EMBED_MARKETPLACE)
  embed(@Payload() message: RpcEnvelope<unknown>): Promise<EmbedMarketplace | null> {
    return this.embedMarketplace.execute(fieldsOf(message.data).domain);
  }
}
