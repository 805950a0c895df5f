import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { normalisedEmail, trimmed } from '../transforms.js';
import { API_ACCESS_BUSINESS_TYPES, API_ACCESS_MESSAGES, type ApiAccessBusinessType } from './api-access-messages.js';

export { API_ACCESS_BUSINESS_TYPES, API_ACCESS_MESSAGES, API_ACCESS_OUTCOME, type ApiAccessBusinessType } from './api-access-messages.js';

const M = API_ACCESS_MESSAGES;

/** POST /api/request-api-access (spec §3 fields, §5: name, website (URL), email, businessType, contactName required). */
export class RequestApiAccessDto {
  @Transform(trimmed)
  @MaxLength(200, { message: M.TOO_LONG('Company name', 200) })
  @IsNotEmpty({ message: M.NAME })
  @IsString({ message: M.NAME })
  name!: string;

  @Transform(trimmed)
  @MaxLength(300, { message: M.TOO_LONG('Website', 300) })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: false, require_tld: true }, { message: M.WEBSITE })
  @IsString({ message: M.WEBSITE })
  website!: string;

  @Transform(normalisedEmail)
  @MaxLength(254, { message: M.EMAIL })
  @IsEmail({}, { message: M.EMAIL })
  @IsString({ message: M.EMAIL })
  email!: string;

  @IsIn(API_ACCESS_BUSINESS_TYPES.map((t) => t.value), { message: M.BUSINESS_TYPE })
  @IsNotEmpty({ message: M.BUSINESS_TYPE })
  businessType!: ApiAccessBusinessType;

  @Transform(trimmed)
  @MaxLength(120, { message: M.TOO_LONG('Contact name', 120) })
  @IsNotEmpty({ message: M.CONTACT_NAME })
  @IsString({ message: M.CONTACT_NAME })
  contactName!: string;

  @IsOptional()
  @Transform(trimmed)
  @ValidateIf((_o, value) => value !== '')
  @MaxLength(30, { message: M.TOO_LONG('Contact phone', 30) })
  @IsString({ message: M.CONTACT_PHONE })
  contactPhone?: string;

  @IsOptional()
  @Transform(trimmed)
  @ValidateIf((_o, value) => value !== '')
  @MaxLength(50, { message: M.TOO_LONG('Tax ID', 50) })
  @IsString({ message: M.TAX_ID })
  taxId?: string;
}

/** POST /api/admin/approve-company/:companyId. */
export class ApproveCompanyDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(1000, { message: M.TOO_LONG('Notes', 1000) })
  @IsString({ message: M.NOTES })
  notes?: string;
}

export const CREDENTIALS_LINK_MESSAGES = {
  INVALID: 'This credentials link is invalid, expired or has already been used.',
  TOKEN: 'token is required',
} as const;

/** POST /api/api-access/credentials: redeems the one-time link emailed when an administrator approves a company. */
export class RevealCredentialsDto {
  @IsNotEmpty({ message: CREDENTIALS_LINK_MESSAGES.INVALID })
  @IsString({ message: CREDENTIALS_LINK_MESSAGES.INVALID })
  companyId!: string;

  @MaxLength(200, { message: CREDENTIALS_LINK_MESSAGES.INVALID })
  @IsNotEmpty({ message: CREDENTIALS_LINK_MESSAGES.TOKEN })
  @IsString({ message: CREDENTIALS_LINK_MESSAGES.TOKEN })
  token!: string;
}

export const COMPANY_VERIFICATION_STATUSES = ['approved', 'pending', 'flagged', 'rejected'] as const;
export type CompanyVerificationStatus = (typeof COMPANY_VERIFICATION_STATUSES)[number];

/** Spec §4 "Check statuses". */
export type RiskCheckStatus = 'pass' | 'warning' | 'fail';

/** One automated check; `score` is how well it passed, 0–100 (100 = no concern). */
export interface RiskCheck {
  type: string;
  status: RiskCheckStatus;
  score: number;
  /** A sentence a reviewer can act on. */
  detail: string;
}

/**
 * API credentials. The secret key is shown once and only its hash is kept. Webhook signing secrets belong to each
 * webhook endpoint and come with it (ADR 0036).
 */
export interface ApiCredentials {
  apiKey: string;
  secretKey: string;
}

/** Response of POST /api/request-api-access (spec §3). Fields not relevant to an outcome are absent. */
export interface ApiAccessResponse {
  success: boolean;
  status: 'approved' | 'pending_review' | 'rejected';
  message: string;
  company: { id: string; name: string; riskScore: number; verificationStatus: CompanyVerificationStatus };
  credentials?: ApiCredentials;
  nextSteps?: string[];
  estimatedReviewTime?: string;
  reason?: string;
  appeal?: { process: string; email: string };
}

/** Spec §3 "Company (admin)". */
export interface CompanyView {
  id: string;
  name: string;
  website: string;
  businessType: string;
  contactName: string;
  email: string;
  contactPhone: string | null;
  taxId: string | null;
  verificationStatus: CompanyVerificationStatus;
  riskScore: number;
  hasApiAccess: boolean;
  verificationNotes: string | null;
  createdAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  checksDetails: RiskCheck[];
}

/** GET /api/admin/companies. */
export interface AdminCompaniesResponse {
  companies: CompanyView[];
  total: number;
  approved: number;
  flagged: number;
  pending: number;
  rejected: number;
}

/** POST /api/admin/approve-company/:companyId. */
export interface ApproveCompanyResponse {
  success: true;
  message: string;
  company: CompanyView;
}

/** POST /api/api-access/credentials. */
export interface RevealCredentialsResponse {
  company: { id: string; name: string };
  credentials: ApiCredentials;
}

/** GET /api/v1/account: the company a secret key belongs to (proves issued credentials work). */
export interface ApiAccountResponse {
  company: { id: string; name: string; website: string; apiKey: string };
  livemode: boolean;
  /** The key that called (null for the developer console's session) and what it may do (ADR 0037). */
  keyId: string | null;
  access: 'full' | 'read_only';
}

export const API_KEY_MESSAGES = {
  REQUIRED: 'A valid secret key is required: send Authorization: Bearer sk_…',
} as const;
