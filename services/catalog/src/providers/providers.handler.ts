import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PROVIDER_APPLICATION_STATUSES,
  ProviderApplicationDecisionDto,
  ProviderApplicationDto,
  RpcPatterns,
  type PrintProvider,
  type ProviderApplicationStatus,
  type ProviderApplicationView,
  type RpcEnvelope,
  type RpcResponse,
  type SubmitProviderApplicationResponse,
} from '@paymarket/contracts';
import { idempotencyKeyFrom, requireAuditContext, ServiceError } from '@paymarket/platform';
import { objectOf, validOrThrow } from '../shared/validate.js';
import { DecideProviderApplicationUseCase } from './decide-provider-application.use-case.js';
import { ProviderErrors } from './providers.exception.js';
import { ProvidersRepository } from './providers.repository.js';
import { SubmitProviderApplicationUseCase } from './submit-provider-application.use-case.js';

const P = RpcPatterns.catalog;

@Controller()
export class ProvidersHandler {
  constructor(
    private readonly providers: ProvidersRepository,
    private readonly submit: SubmitProviderApplicationUseCase,
    private readonly decide: DecideProviderApplicationUseCase,
  ) {}

  @MessagePattern<string>(P.LIST_PRINT_PROVIDERS)
  async list(): Promise<PrintProvider[]> {
    return this.providers.approvedProviders();
  }

  @MessagePattern<string>(P.SUBMIT_PROVIDER_APPLICATION)
  async apply(@Payload() message: RpcEnvelope<unknown>): Promise<SubmitProviderApplicationResponse> {
    // The caller's Idempotency-Key travels beside the form's fields (catalog.submit_provider_application's contract).
    const { idempotencyKey, ...form } = objectOf(message.data);
    return this.submit.execute(validOrThrow(ProviderApplicationDto, form), idempotencyKeyFrom(idempotencyKey));
  }

  @MessagePattern<string>(P.LIST_PROVIDER_APPLICATIONS)
  async applications(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'catalog.list_provider_applications'>> {
    const data = objectOf(message.data);
    const status = data.status;
    if (status !== undefined && !PROVIDER_APPLICATION_STATUSES.includes(status as ProviderApplicationStatus)) {
      throw ServiceError.invalid(ProviderErrors.BAD_STATUS, { status: [ProviderErrors.BAD_STATUS] });
    }
    const limit = typeof data.limit === 'number' && Number.isInteger(data.limit) ? Math.min(Math.max(data.limit, 1), 200) : 100;
    return { applications: await this.providers.applications(status as ProviderApplicationStatus | undefined, limit) };
  }

  @MessagePattern<string>(P.DECIDE_PROVIDER_APPLICATION)
  async decideApplication(@Payload() message: RpcEnvelope<unknown>): Promise<ProviderApplicationView> {
    const data = objectOf(message.data);
    if (data.decision !== 'approved' && data.decision !== 'rejected') throw ServiceError.invalid('decision must be approved or rejected');
    const { note } = validOrThrow(ProviderApplicationDecisionDto, data.note === null || data.note === undefined ? {} : { note: data.note });
    return this.decide.execute({
      applicationId: data.applicationId,
      decision: data.decision,
      note: note ?? null,
      decidedBy: typeof data.decidedBy === 'string' ? data.decidedBy : null,
      audit: requireAuditContext(data.audit),
    });
  }
}
