import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { trimmed } from '../transforms.js';
import { Satisfies } from '../satisfies.js';
import { feeToMinor, isDomainName, normaliseDomain, percentToBps } from './marketplace-rules.js';

/**
 * A registered marketplace is a tenant of a company (ADR 0051): the company's developer console attaches it, then
 * manages its domains, branding, fee terms and payout account. Orders created with the company's key, or through its
 * embed widget, record the marketplace and the fee terms in force at that moment.
 */
import { MARKETPLACE_TENANT_MESSAGES, MAX_MARKETPLACE_DOMAINS } from './marketplace-tenant-messages.js';

export { MARKETPLACE_TENANT_MESSAGES, MAX_MARKETPLACE_DOMAINS } from './marketplace-tenant-messages.js';

/** A connected account id as Stripe writes it. */
export const CONNECTED_ACCOUNT_PATTERN = /^acct_[A-Za-z0-9]{6,60}$/;
/** #rrggbb, stored lower-case. */
export const ACCENT_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

const present = (_o: object, value: unknown): boolean => value !== undefined && value !== null;
const withCustomFees = (o: UpdateMarketplaceDto, value: unknown): boolean => value !== undefined && o.customFees !== false;

function normaliseDomains(value: unknown): unknown {
  return Array.isArray(value) ? value.map((d) => normaliseDomain(d)) : value;
}

/** The first domain of the list that is not a domain name, or repeated; undefined when all are fine. */
export function domainListProblem(domains: readonly unknown[]): string | undefined {
  const seen = new Set<string>();
  for (const domain of domains) {
    if (!isDomainName(domain)) return MARKETPLACE_TENANT_MESSAGES.DOMAIN_INVALID(String(domain).slice(0, 80));
    if (seen.has(domain as string)) return MARKETPLACE_TENANT_MESSAGES.DOMAIN_REPEATED(domain as string);
    seen.add(domain as string);
  }
  return undefined;
}

function isHttpsUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('https://')) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** POST /api/v1/marketplace/attach: the console takes a marketplace registered with the company's contact email. */
export class AttachMarketplaceDto {
  @IsUUID('all', { message: MARKETPLACE_TENANT_MESSAGES.MARKETPLACE_ID })
  @IsString({ message: MARKETPLACE_TENANT_MESSAGES.MARKETPLACE_ID })
  marketplaceId!: string;
}

/**
 * PATCH /api/v1/marketplace: any subset; an absent field keeps its value. `logoUrl`, `accentColor` and
 * `payoutAccountId` take null to remove. Fee fields are read when customFees is on (in this body or already).
 * Changes apply to orders created afterwards; an order keeps the terms it was made under.
 */
export class UpdateMarketplaceDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(80, { message: MARKETPLACE_TENANT_MESSAGES.DISPLAY_NAME })
  @IsNotEmpty({ message: MARKETPLACE_TENANT_MESSAGES.DISPLAY_NAME })
  @IsString({ message: MARKETPLACE_TENANT_MESSAGES.DISPLAY_NAME })
  displayName?: string;

  @ValidateIf(present)
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @Matches(ACCENT_COLOR_PATTERN, { message: MARKETPLACE_TENANT_MESSAGES.ACCENT_COLOR })
  @IsString({ message: MARKETPLACE_TENANT_MESSAGES.ACCENT_COLOR })
  accentColor?: string | null;

  @ValidateIf(present)
  @Transform(trimmed)
  @Satisfies(isHttpsUrl, 'isHttpsUrl', { message: MARKETPLACE_TENANT_MESSAGES.LOGO_URL })
  logoUrl?: string | null;

  @IsOptional()
  @IsBoolean({ message: MARKETPLACE_TENANT_MESSAGES.FLAG('Custom branding') })
  customBranding?: boolean;

  /** Every domain the widget may be embedded on; the first is the primary. Replaces the whole list. */
  @IsOptional()
  @Transform(({ value }) => normaliseDomains(value))
  @Satisfies((v) => Array.isArray(v) && domainListProblem(v) === undefined, 'isDomainList', {
    message: ({ value }) => (Array.isArray(value) ? domainListProblem(value) : undefined) ?? MARKETPLACE_TENANT_MESSAGES.DOMAINS,
  })
  @ArrayMaxSize(MAX_MARKETPLACE_DOMAINS, { message: MARKETPLACE_TENANT_MESSAGES.DOMAINS })
  @ArrayMinSize(1, { message: MARKETPLACE_TENANT_MESSAGES.DOMAINS })
  @IsArray({ message: MARKETPLACE_TENANT_MESSAGES.DOMAINS })
  domains?: string[];

  @IsOptional()
  @IsBoolean({ message: MARKETPLACE_TENANT_MESSAGES.FLAG('Custom fees') })
  customFees?: boolean;

  /** Fixed fee PayMarket keeps on a usd order, decimal text such as "3.56". */
  @ValidateIf(withCustomFees)
  @Satisfies((v) => feeToMinor(v) !== undefined, 'isFeeAmount', { message: MARKETPLACE_TENANT_MESSAGES.TRANSACTION_FEE_USD })
  transactionFeeUsd?: string | number;

  /** Fixed fee PayMarket keeps on a cad order. */
  @ValidateIf(withCustomFees)
  @Satisfies((v) => feeToMinor(v) !== undefined, 'isFeeAmount', { message: MARKETPLACE_TENANT_MESSAGES.TRANSACTION_FEE_CAD })
  transactionFeeCad?: string | number;

  /** The marketplace's own share of the amount, in percent (e.g. "5"). */
  @ValidateIf(withCustomFees)
  @Satisfies((v) => percentToBps(v) !== undefined, 'isPercent', { message: MARKETPLACE_TENANT_MESSAGES.PLATFORM_FEE })
  platformFee?: string | number;

  /** The connected account the marketplace's share is transferred to; checked with Stripe like a provider's. */
  @ValidateIf(present)
  @Matches(CONNECTED_ACCOUNT_PATTERN, { message: MARKETPLACE_TENANT_MESSAGES.PAYOUT_ACCOUNT_FORMAT })
  @IsString({ message: MARKETPLACE_TENANT_MESSAGES.PAYOUT_ACCOUNT_FORMAT })
  payoutAccountId?: string | null;
}

/**
 * A marketplace's fee terms, in integer units. PayMarket keeps `transactionFeeMinor[currency]` (added to the amount,
 * paid by the buyer); the marketplace receives `platformFeeBps` of the amount (half-up at the cent); the seller and
 * print provider share the rest. `customFees: false` means PayMarket's standard fees and no marketplace share.
 */
export interface MarketplaceFeeTerms {
  customFees: boolean;
  /** Null unless customFees. */
  transactionFeeMinor: { usd: number; cad: number } | null;
  /** Basis points (500 = 5%); null unless customFees. */
  platformFeeBps: number | null;
}

/** The console's view of the company's marketplace. Money is decimal text, percentages as text ("5", "2.5"). */
export interface MarketplaceView {
  id: string;
  companyName: string;
  /** The primary domain, always first in `domains`: the registered one until the console reorders the list. */
  primaryDomain: string;
  domains: string[];
  contactEmail: string;
  adminEmail: string;
  branding: { customBranding: boolean; displayName: string; accentColor: string | null; logoUrl: string | null };
  fees: { customFees: boolean; transactionFee: { usd: string; cad: string } | null; platformFee: string | null };
  payoutAccountId: string | null;
  /** True when the widget and the company's API key can take orders for it. */
  acceptingOrders: boolean;
  /** Why it does not, when it does not (e.g. MARKETPLACE_TENANT_MESSAGES.PAYOUT_ACCOUNT_REQUIRED). */
  notice: string | null;
  /** Increases with every change; events carry it so copies apply changes in order. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/v1/marketplace: the company's marketplace, or the ones it may attach (registered with its email). */
export interface MarketplaceConsoleResponse {
  marketplace: MarketplaceView | null;
  candidates: Array<{ id: string; companyName: string; domain: string; customFees: boolean; createdAt: string }>;
}

/** What the gateway needs to let a site embed the checkout (onboarding.embed_marketplace), cached by domain. */
export interface EmbedMarketplace {
  id: string;
  /** Null until a company attached it: such a marketplace cannot take orders. */
  companyId: string | null;
  domains: string[];
  displayName: string;
  accentColor: string | null;
  logoUrl: string | null;
  customBranding: boolean;
  acceptingOrders: boolean;
  notice: string | null;
  version: number;
}
