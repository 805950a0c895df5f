import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CompanyVerificationStatus, RiskCheck } from '@paymarket/contracts';

/** A company that asked for API access. Secrets are never kept in clear: only the secret key's SHA-256. */
@Entity({ name: 'companies' })
export class CompanyEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('text')
  website!: string;

  @Column('text', { name: 'business_type' })
  businessType!: string;

  @Column('text', { name: 'contact_name' })
  contactName!: string;

  /** Stored lower-cased. */
  @Column('text')
  email!: string;

  @Column('text', { name: 'contact_phone', nullable: true })
  contactPhone!: string | null;

  @Column('text', { name: 'tax_id', nullable: true })
  taxId!: string | null;

  @Column('text', { name: 'verification_status' })
  verificationStatus!: CompanyVerificationStatus;

  @Column('integer', { name: 'risk_score' })
  riskScore!: number;

  @Column('jsonb')
  checks!: RiskCheck[];

  @Column('boolean', { name: 'has_api_access', default: false })
  hasApiAccess!: boolean;

  @Column('text', { name: 'verification_notes', nullable: true })
  verificationNotes!: string | null;

  @Column('text', { name: 'reviewed_by', nullable: true })
  reviewedBy!: string | null;

  @Column('timestamptz', { name: 'reviewed_at', nullable: true })
  reviewedAt!: Date | null;

  /** Public identifier (pk_…). */
  @Column('text', { name: 'api_key', nullable: true, unique: true })
  apiKey!: string | null;

  /** SHA-256 of the secret key (sk_…), which was shown once. */
  @Column('bytea', { name: 'secret_key_hash', nullable: true })
  secretKeyHash!: Buffer | null;

  @Column('timestamptz', { name: 'credentials_issued_at', nullable: true })
  credentialsIssuedAt!: Date | null;

  /** SHA-256 of the one-time link token emailed after an administrator's approval. */
  @Column('bytea', { name: 'credentials_link_hash', nullable: true })
  credentialsLinkHash!: Buffer | null;

  @Column('timestamptz', { name: 'credentials_link_expires_at', nullable: true })
  credentialsLinkExpiresAt!: Date | null;

  @Column('timestamptz', { name: 'credentials_link_used_at', nullable: true })
  credentialsLinkUsedAt!: Date | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
