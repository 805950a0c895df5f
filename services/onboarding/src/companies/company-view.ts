import type { CompanyView } from '@paymarket/contracts';
import type { CompanyEntity } from './company.entity.js';

/** What administrators see of a company: never a secret, hash or link token. */
export function toCompanyView(c: CompanyEntity): CompanyView {
  return {
    id: c.id,
    name: c.name,
    website: c.website,
    businessType: c.businessType,
    contactName: c.contactName,
    email: c.email,
    contactPhone: c.contactPhone,
    taxId: c.taxId,
    verificationStatus: c.verificationStatus,
    riskScore: c.riskScore,
    hasApiAccess: c.hasApiAccess,
    verificationNotes: c.verificationNotes,
    createdAt: c.createdAt.toISOString(),
    reviewedAt: c.reviewedAt ? c.reviewedAt.toISOString() : null,
    reviewedBy: c.reviewedBy,
    checksDetails: c.checks.map(({ type, status, score, detail }) => ({ type, status, score, detail })),
  };
}
