import { Injectable } from '@nestjs/common';
import { OnboardingEvents, type ApproveCompanyResponse, type AuditContext } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { AuditTrail } from '../auth/audit-trail.js';
import { Clock } from '../auth/clock.js';
import { isUuid } from './ids.js';
import { CompanyErrors } from './companies.exception.js';
import { CompaniesRepository } from './companies.repository.js';
import { toCompanyView } from './company-view.js';
import { generateLinkToken, hashSecret } from './credentials.js';

/** How long the emailed credentials link works (ADR 0027). */
export const CREDENTIALS_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface ApproveCompanyInput {
  companyId: unknown;
  notes: string | null;
  approvedBy: string;
  /** The administrator, and from where (ADR 0075): the approval is a row of the audit trail. */
  audit: AuditContext;
}

/**
 * An administrator approves a pending or flagged company. No secret is created here: the contact is emailed a
 * one-time link and the credentials are generated when it is opened, so they exist in clear only in that response.
 */
@Injectable()
export class ApproveCompanyUseCase {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: ApproveCompanyInput): Promise<ApproveCompanyResponse> {
    if (!isUuid(input.companyId)) throw ServiceError.notFound(CompanyErrors.NOT_FOUND);
    const companyId = input.companyId;
    const now = this.clock.now();
    const token = generateLinkToken();
    const expiresAt = new Date(now.getTime() + CREDENTIALS_LINK_TTL_MS);
    const notes = input.notes && input.notes.trim() !== '' ? input.notes.trim() : null;
    const company = await this.unitOfWork.run(async (tx) => {
      const current = await this.companies.lock(tx, companyId);
      if (!current) throw ServiceError.notFound(CompanyErrors.NOT_FOUND);
      // Under the row lock: two administrators approving at once get one approval and one 409.
      if (current.verificationStatus !== 'pending' && current.verificationStatus !== 'flagged') {
        throw ServiceError.conflict(CompanyErrors.ALREADY_DECIDED(current.verificationStatus));
      }
      const changes = {
        verificationStatus: 'approved' as const,
        hasApiAccess: true,
        verificationNotes: notes,
        reviewedBy: input.approvedBy,
        reviewedAt: now,
        credentialsLinkHash: hashSecret(token),
        credentialsLinkExpiresAt: expiresAt,
        credentialsLinkUsedAt: null,
      };
      await this.companies.update(tx, companyId, changes);
      await tx.publish(OnboardingEvents.COMPANY_APPROVED, {
        companyId,
        name: current.name,
        email: current.email,
        contactName: current.contactName,
        approvedBy: 'admin',
        credentialsPath: `/api-access?company=${companyId}&token=${token}`,
        credentialsLinkExpiresAt: expiresAt.toISOString(),
      });
      await this.trail.record(tx, input.audit, {
        action: 'company.approved',
        target: { type: 'company', id: companyId },
        companyId,
        before: { status: current.verificationStatus, notes: current.verificationNotes },
        after: { status: changes.verificationStatus, notes },
      });
      return { ...current, ...changes };
    });
    return {
      success: true,
      message: `${company.name} is approved. The contact has been emailed a link to the credentials.`,
      company: toCompanyView(company),
    };
  }
}
