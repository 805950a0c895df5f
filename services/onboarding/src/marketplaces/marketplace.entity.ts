import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A white-label marketplace registered through POST /api/setup-marketplace. */
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

  /** Fixed fee in minor units; null unless customFees (PayMarket's standard fees apply). */
  @Column('integer', { name: 'transaction_fee_minor', nullable: true })
  transactionFeeMinor!: number | null;

  /** Platform percentage in basis points (500 = 5%); null unless customFees. */
  @Column('integer', { name: 'platform_fee_bps', nullable: true })
  platformFeeBps!: number | null;

  @Column('text', { nullable: true })
  description!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
