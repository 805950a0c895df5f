import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { normalisedEmail, trimmed } from '../transforms.js';
import { Satisfies } from '../satisfies.js';
import { MARKETPLACE_MESSAGES } from './marketplace-messages.js';
import { feeToMinor, isDomainName, normaliseDomain, percentToBps } from './marketplace-rules.js';

export { MARKETPLACE_MESSAGES } from './marketplace-messages.js';

const onlyWithCustomFees = (o: SetupMarketplaceDto, value: unknown): boolean => o.customFees === true && value !== undefined;

// Decorators run bottom-up and validation stops at a field's first failure: the most basic rule sits closest to the property.

/**
 * POST /api/setup-marketplace (spec §3, §5): companyName, marketplaceDomain, contactEmail and adminEmail required;
 * the rest optional. The fee fields are read only when customFees is true (defaults 3.56 and 5%).
 */
export class SetupMarketplaceDto {
  @Transform(trimmed)
  @MaxLength(200, { message: MARKETPLACE_MESSAGES.COMPANY_NAME_TOO_LONG })
  @IsNotEmpty({ message: MARKETPLACE_MESSAGES.COMPANY_NAME_REQUIRED })
  @IsString({ message: MARKETPLACE_MESSAGES.COMPANY_NAME_REQUIRED })
  companyName!: string;

  @Transform(({ value }) => normaliseDomain(value))
  @Satisfies(isDomainName, 'isDomainName', { message: MARKETPLACE_MESSAGES.DOMAIN_INVALID })
  @IsNotEmpty({ message: MARKETPLACE_MESSAGES.DOMAIN_REQUIRED })
  @IsString({ message: MARKETPLACE_MESSAGES.DOMAIN_REQUIRED })
  marketplaceDomain!: string;

  @Transform(normalisedEmail)
  @MaxLength(254, { message: MARKETPLACE_MESSAGES.CONTACT_EMAIL_INVALID })
  @IsEmail({}, { message: MARKETPLACE_MESSAGES.CONTACT_EMAIL_INVALID })
  contactEmail!: string;

  @Transform(normalisedEmail)
  @MaxLength(254, { message: MARKETPLACE_MESSAGES.ADMIN_EMAIL_INVALID })
  @IsEmail({}, { message: MARKETPLACE_MESSAGES.ADMIN_EMAIL_INVALID })
  adminEmail!: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: MARKETPLACE_MESSAGES.TEXT_TOO_LONG('Business type', 100) })
  @IsString({ message: MARKETPLACE_MESSAGES.TEXT('Business type') })
  businessType?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: MARKETPLACE_MESSAGES.TEXT_TOO_LONG('Expected volume', 100) })
  @IsString({ message: MARKETPLACE_MESSAGES.TEXT('Expected volume') })
  expectedVolume?: string;

  /** Default true. */
  @IsOptional()
  @IsBoolean({ message: MARKETPLACE_MESSAGES.FLAG('Custom branding') })
  customBranding?: boolean;

  /** Default false. */
  @IsOptional()
  @IsBoolean({ message: MARKETPLACE_MESSAGES.FLAG('White label') })
  whiteLabel?: boolean;

  /** Default false. */
  @IsOptional()
  @IsBoolean({ message: MARKETPLACE_MESSAGES.FLAG('API access') })
  apiAccess?: boolean;

  /** Default false. When false, transactionFee and platformFee are ignored and PayMarket's standard fees apply. */
  @IsOptional()
  @IsBoolean({ message: MARKETPLACE_MESSAGES.FLAG('Custom fees') })
  customFees?: boolean;

  /** Fixed fee per transaction as decimal text or a number, e.g. "3.56" (default). */
  @ValidateIf(onlyWithCustomFees)
  @Satisfies((v) => feeToMinor(v) !== undefined, 'isFeeAmount', { message: MARKETPLACE_MESSAGES.TRANSACTION_FEE_INVALID })
  transactionFee?: string | number;

  /** Platform percentage, e.g. "5" (default). */
  @ValidateIf(onlyWithCustomFees)
  @Satisfies((v) => percentToBps(v) !== undefined, 'isPercent', { message: MARKETPLACE_MESSAGES.PLATFORM_FEE_INVALID })
  platformFee?: string | number;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(2000, { message: MARKETPLACE_MESSAGES.TEXT_TOO_LONG('Description', 2000) })
  @IsString({ message: MARKETPLACE_MESSAGES.TEXT('Description') })
  description?: string;
}

/** What POST /api/setup-marketplace answers. Fees are decimal text; null when customFees is off (standard fees). */
export interface SetupMarketplaceResponse {
  success: true;
  /** Names the company (spec §7). */
  message: string;
  marketplace: {
    id: string;
    companyName: string;
    marketplaceDomain: string;
    contactEmail: string;
    adminEmail: string;
    customBranding: boolean;
    whiteLabel: boolean;
    apiAccess: boolean;
    customFees: boolean;
    transactionFee: string | null;
    platformFee: string | null;
    createdAt: string;
  };
  nextSteps: string[];
}

/** GET /api/integration-info: public facts an integrator needs. */
export interface IntegrationInfoResponse {
  name: 'PayMarket';
  documentationUrl: string;
  currencies: Array<'usd' | 'cad'>;
  fees: {
    transactionFee: { usd: string; cad: string };
    customFeeDefaults: { transactionFee: string; platformFeePercent: string };
  };
  webhookEvents: Array<{ name: string; description: string }>;
  endpoints: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; description: string }>;
}
