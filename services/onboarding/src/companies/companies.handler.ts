import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ApproveCompanyDto,
  RequestApiAccessDto,
  RevealCredentialsDto,
  RpcPatterns,
  summariseFieldErrors,
  validateDto,
  type AdminCompaniesResponse,
  type ApiAccessResponse,
  type ApproveCompanyResponse,
  type RevealCredentialsResponse,
  type RpcEnvelope,
} from '@paymarket/contracts';
import { requireAuditContext, ServiceError } from '@paymarket/platform';
import { auditOriginOf } from '../auth/audit-trail.js';
import { ApproveCompanyUseCase } from './approve-company.use-case.js';
import { CompaniesRepository } from './companies.repository.js';
import { toCompanyView } from './company-view.js';
import { isUuid } from './ids.js';
import { RequestApiAccessUseCase } from './request-api-access.use-case.js';
import { RevealCompanyCredentialsUseCase } from './reveal-company-credentials.use-case.js';

const P = RpcPatterns.onboarding;
/** The admin list shows the newest companies; the counts cover all of them. */
const LIST_LIMIT = 500;

function validOrThrow<T extends object>(cls: new () => T, data: unknown): T {
  const result = validateDto(cls, data);
  if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
  return result.value;
}

function objectOf(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

@Controller()
export class CompaniesHandler {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly requestAccess: RequestApiAccessUseCase,
    private readonly approve: ApproveCompanyUseCase,
    private readonly reveal: RevealCompanyCredentialsUseCase,
  ) {}

  // Validated again here: the gateway is not the only possible caller.
  @MessagePattern<string>(P.REQUEST_API_ACCESS)
  async request(@Payload() message: RpcEnvelope<unknown>): Promise<ApiAccessResponse> {
    // `audit` is where the application came from (ADR 0075), not a field of the application.
    const { audit, ...application } = objectOf(message.data);
    const input = validOrThrow(RequestApiAccessDto, application);
    return this.requestAccess.execute(input, auditOriginOf(audit));
  }

  @MessagePattern<string>(P.LIST_COMPANIES)
  async list(): Promise<AdminCompaniesResponse> {
    const [rows, counts] = await Promise.all([this.companies.list(LIST_LIMIT), this.companies.counts()]);
    const total = counts.approved + counts.pending + counts.flagged + counts.rejected;
    return { companies: rows.map(toCompanyView), total, ...counts };
  }

  @MessagePattern<string>(P.APPROVE_COMPANY)
  async approveCompany(@Payload() message: RpcEnvelope<unknown>): Promise<ApproveCompanyResponse> {
    const data = objectOf(message.data);
    const { notes } = validOrThrow(ApproveCompanyDto, data.notes === null || data.notes === undefined ? {} : { notes: data.notes });
    if (typeof data.approvedBy !== 'string' || data.approvedBy === '') throw ServiceError.invalid('approvedBy is required');
    const audit = requireAuditContext(data.audit);
    return this.approve.execute({ companyId: data.companyId, notes: notes ?? null, approvedBy: data.approvedBy, audit });
  }

  @MessagePattern<string>(P.REVEAL_COMPANY_CREDENTIALS)
  async revealCredentials(@Payload() message: RpcEnvelope<unknown>): Promise<RevealCredentialsResponse> {
    const input = validOrThrow(RevealCredentialsDto, message.data);
    return this.reveal.execute({ companyId: input.companyId, token: input.token });
  }

  /** Internal: notifications emails a company's contact about its integration (ADR 0039). */
  @MessagePattern<string>(P.GET_COMPANY_CONTACT)
  async companyContact(@Payload() message: RpcEnvelope<unknown>): Promise<{ name: string; email: string; contactName: string }> {
    const { companyId } = objectOf(message.data);
    const notFound = () => ServiceError.notFound('Company not found.');
    if (!isUuid(companyId)) throw notFound();
    const company = await this.companies.findById(companyId);
    if (!company) throw notFound();
    return { name: company.name, email: company.email, contactName: company.contactName };
  }
}
