import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  API_ACCESS_MESSAGES,
  API_ACCESS_OUTCOME,
  OnboardingEvents,
  type ApiAccessResponse,
  type AuditContext,
  type AuditOrigin,
  type RequestApiAccessDto,
} from '@paymarket/contracts';
import { SERVICE_CONFIG, ServiceError, UnitOfWork, type ServiceRuntimeConfig } from '@paymarket/platform';
import { AuditTrail } from '../auth/audit-trail.js';
import { Clock } from '../auth/clock.js';
import { CompanyErrors } from './companies.exception.js';
import { CompaniesRepository, type NewCompany } from './companies.repository.js';
import { generateCredentials, hashSecret } from './credentials.js';
import { assessRisk } from './risk-checks.js';
import { ApiKeys } from '../developer-console/api-keys.use-cases.js';

/** The rule that decides an application at once: the actor of its audit row (ADR 0075). */
export const AUTOMATIC_RISK_CHECK = 'automatic risk check';

/**
 * A company asks for API access: the risk checks decide at once. Low risk gets credentials in this response (the
 * only time the secret exists in clear); medium risk waits for an administrator; high risk is refused with an appeal.
 */
@Injectable()
export class RequestApiAccessUseCase {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly apiKeys: ApiKeys,
    private readonly trail: AuditTrail,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<ServiceRuntimeConfig, 'production'>,
  ) {}

  /** `from`: where the application came from, recorded with an automatic approval or rejection (ADR 0075). */
  async execute(input: RequestApiAccessDto, from: AuditOrigin): Promise<ApiAccessResponse> {
    const assessment = assessRisk(input);
    const id = randomUUID();
    const now = this.clock.now();
    const approved = assessment.verificationStatus === 'approved';
    const credentials = approved ? generateCredentials(this.config.production) : null;
    const company: NewCompany = {
      id,
      name: input.name,
      website: input.website,
      businessType: input.businessType,
      contactName: input.contactName,
      email: input.email,
      contactPhone: input.contactPhone || null,
      taxId: input.taxId || null,
      verificationStatus: assessment.verificationStatus,
      riskScore: assessment.riskScore,
      checks: assessment.checks,
      hasApiAccess: approved,
      verificationNotes: assessment.reason,
      reviewedBy: null,
      reviewedAt: null,
      apiKey: credentials?.apiKey ?? null,
      secretKeyHash: credentials ? hashSecret(credentials.secretKey) : null,
      credentialsIssuedAt: credentials ? now : null,
      credentialsLinkHash: null,
      credentialsLinkExpiresAt: null,
      credentialsLinkUsedAt: null,
    };
    await this.unitOfWork.run(async (tx) => {
      // One live application per email, so credentials cannot be farmed by applying again (a rejection can re-apply).
      if (await this.companies.liveApplicationExists(tx, company.email)) throw duplicate();
      if (!(await this.companies.insert(tx, company))) throw duplicate();
      if (credentials) await this.apiKeys.issueDefault(tx, id, credentials.secretKey, now);
      const who = { companyId: id, name: company.name, email: company.email, contactName: company.contactName };
      if (approved) {
        await tx.publish(OnboardingEvents.COMPANY_APPROVED, {
          ...who,
          approvedBy: 'automatic',
          credentialsPath: null,
          credentialsLinkExpiresAt: null,
        });
      } else if (company.verificationStatus === 'pending' || company.verificationStatus === 'flagged') {
        await tx.publish(OnboardingEvents.COMPANY_FLAGGED, { ...who, status: company.verificationStatus, riskScore: company.riskScore });
      }
      // The risk checks decided at once: an approval (live keys issued) or a rejection is a row of the audit trail, by
      // PayMarket itself. A review records nothing yet: the administrator's later approval is the row.
      if (approved || company.verificationStatus === 'rejected') {
        const system: AuditContext = {
          actor: { type: 'system', id: null, label: AUTOMATIC_RISK_CHECK },
          ip: from.ip,
          userAgent: from.userAgent,
        };
        await this.trail.record(tx, system, {
          action: approved ? 'company.approved' : 'company.rejected',
          target: { type: 'company', id },
          companyId: id,
          before: null,
          after: {
            status: company.verificationStatus,
            riskScore: company.riskScore,
            ...(company.verificationNotes ? { reason: company.verificationNotes } : {}),
          },
        });
      }
    });

    const summary = { id, name: company.name, riskScore: company.riskScore, verificationStatus: company.verificationStatus };
    if (credentials) return { success: true, status: 'approved', message: API_ACCESS_OUTCOME.APPROVED, company: summary, credentials };
    if (company.verificationStatus === 'rejected') {
      return {
        success: false,
        status: 'rejected',
        message: API_ACCESS_MESSAGES.REJECTED_FALLBACK,
        reason: assessment.reason ?? API_ACCESS_MESSAGES.REJECTED_FALLBACK,
        company: summary,
        appeal: { process: API_ACCESS_OUTCOME.APPEAL_PROCESS, email: API_ACCESS_OUTCOME.APPEAL_EMAIL },
      };
    }
    return {
      success: true,
      status: 'pending_review',
      message: API_ACCESS_OUTCOME.PENDING,
      company: summary,
      nextSteps: [
        'An administrator reviews the automated checks of your application.',
        `We email ${company.email} with the decision.`,
        'Once approved, that email holds a one-time link that shows your API credentials.',
      ],
      estimatedReviewTime: API_ACCESS_OUTCOME.ESTIMATED_REVIEW_TIME,
    };
  }
}

function duplicate(): ServiceError {
  return ServiceError.conflict(CompanyErrors.DUPLICATE_EMAIL, { email: [CompanyErrors.DUPLICATE_EMAIL] });
}
