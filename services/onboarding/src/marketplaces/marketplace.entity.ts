import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A white-label marketplace registered through POST /api/setup-marketplace, and a tenant of the company that attached it
 * (ADR 0051). `domain` is its primary domain, always also the first row of marketplace_domains.
 */
@Entity({ name: 'marketplaces' })
export class MarketplaceEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text', { name: 'company_name' })
  companyName!: string;

  /** Lower-case host name without scheme or path; unique. */
  @Column('text', { unique: true })
  domain!: string;

  @Column('text', { name: 'contact_email' })
  contactEmail!: string;

  @Column('text', { name: 'admin_email' })
  adminEmail!: string;

  @Column('text', { name: 'business_type', nullable: true })
  businessType!: string | null;

  @Column('text', { name: 'expected_volume', nullable: true })
  expectedVolume!: string | null;

  @Column('boolean', { name: 'custom_branding' })
  customBranding!: boolean;

  @Column('boolean', { name: 'white_label' })
  whiteLabel!: boolean;

  @Column('boolean', { name: 'api_access' })
  apiAccess!: boolean;

  @Column('boolean', { name: 'custom_fees' })
  customFees!: boolean;

  /** Fixed fee on a usd order in minor units; null unless customFees (PayMarket's standard fees apply). */
  @Column('integer', { name: 'transaction_fee_usd_minor', nullable: true })
  transactionFeeUsdMinor!: number | null;

  /** Fixed fee on a cad order in minor units; null unless customFees. Registration sets it equal to the usd fee. */
  @Column('integer', { name: 'transaction_fee_cad_minor', nullable: true })
  transactionFeeCadMinor!: number | null;

  /** Platform percentage in basis points (500 = 5%); null unless customFees. */
  @Column('integer', { name: 'platform_fee_bps', nullable: true })
  platformFeeBps!: number | null;

  @Column('text', { nullable: true })
  description!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  /** The company this marketplace is a tenant of (ADR 0051); null until its console attaches it. Unique. */
  @Column('uuid', { name: 'company_id', nullable: true, unique: true })
  companyId!: string | null;

  /** The name the widget shows; the company name until changed. */
  @Column('text', { name: 'display_name' })
  displayName!: string;

  /** #rrggbb, lower case. */
  @Column('text', { name: 'accent_color', nullable: true })
  accentColor!: string | null;

  /** An https:// address. */
  @Column('text', { name: 'logo_url', nullable: true })
  logoUrl!: string | null;

  /** The connected account the marketplace's share is transferred to, checked with payments when set. */
  @Column('text', { name: 'payout_account_id', nullable: true })
  payoutAccountId!: string | null;

  /** Increases with every change after registration; marketplace.updated carries it so copies apply changes in order. */
  @Column('integer', { default: 1 })
  version!: number;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
