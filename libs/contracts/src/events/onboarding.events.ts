// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: event names are routing keys and inbox keys.
export const OnboardingEvents = {
  BUYER_REGISTERED: 'buyer.registered',
  SIGN_IN_CODE_REQUESTED: 'sign_in.code_requested',
  COMPANY_APPROVED: 'company.approved',
  COMPANY_FLAGGED: 'company.flagged',
  MARKETPLACE_REGISTERED: 'marketplace.registered',
  MARKETPLACE_UPDATED: 'marketplace.updated',
  ACCOUNT_DELETION_CONFIRMATION_REQUESTED: 'account.deletion_confirmation_requested',
  ACCOUNT_DELETION_REQUESTED: 'account.deletion_requested',
  CONSOLE_CODE_REQUESTED: 'console.code_requested',
  PAYEE_CODE_REQUESTED: 'payee_sign_in.code_requested',
} as const;

export interface BuyerRegisteredPayload {
  buyerId: string;
  email: string;
  name: string;
}

/**
 * A sign-in was asked for. Known emails get the code; unknown ones (registered: false, code: null) get an invitation
 * to register instead, so the HTTP answer never tells the two apart. The code is in the payload because the
 * notifications service writes the email; the onboarding tables keep only its hash.
 */
export interface SignInCodeRequestedPayload {
  email: string;
  registered: boolean;
  /** The 6-digit code, or null when no account has this email. */
  code: string | null;
  /** Buyer's name when registered. */
  name: string | null;
  expiresAt: string;
}

/** A white-label marketplace registered; notifications confirms it to the contact and admin emails. */
export interface MarketplaceRegisteredPayload {
  marketplaceId: string;
  companyName: string;
  marketplaceDomain: string;
  contactEmail: string;
  adminEmail: string;
  customFees: boolean;
  /** Minor units; null when customFees is off (PayMarket's standard fees apply). */
  transactionFeeMinor: number | null;
  /** Basis points (500 = 5%); null when customFees is off. */
  platformFeeBps: number | null;
}

/**
 * A marketplace was attached to a company or changed (ADR 0051): the whole tenant as it now is, so a consumer keeps
 * its own copy without asking onboarding. Apply only a `version` newer than the one kept (events may arrive twice or
 * late). Payments keeps the fee terms and payout account (an order records the terms in force when it is created);
 * the gateway keeps domains and branding for the embed widget.
 */
export interface MarketplaceUpdatedPayload {
  marketplaceId: string;
  companyId: string | null;
  companyName: string;
  /** Primary domain first (the registered one until the console changes the list). */
  domains: string[];
  displayName: string;
  accentColor: string | null;
  logoUrl: string | null;
  customBranding: boolean;
  customFees: boolean;
  /** Minor units per currency; null unless customFees. */
  transactionFeeMinor: { usd: number; cad: number } | null;
  /** Basis points of the amount the marketplace receives; null unless customFees. */
  platformFeeBps: number | null;
  payoutAccountId: string | null;
  version: number;
  updatedAt: string;
}

/**
 * A company may use the API. `credentialsPath` is set when an administrator approved it: a one-time link (relative to
 * the public URL) where the contact reveals the credentials once; the token in it is stored only as a hash. It is null
 * for an instant approval, whose credentials were shown in the application's response.
 */
export interface CompanyApprovedPayload {
  companyId: string;
  name: string;
  email: string;
  contactName: string;
  approvedBy: 'automatic' | 'admin';
  credentialsPath: string | null;
  credentialsLinkExpiresAt: string | null;
}

/** A company's application needs an administrator (medium risk): `status` is pending or flagged. */
export interface CompanyFlaggedPayload {
  companyId: string;
  name: string;
  email: string;
  contactName: string;
  status: 'pending' | 'flagged';
  riskScore: number;
}

/**
 * Someone asked to delete the account of `email` (ADR 0029). A registered email gets a one-time confirmation link
 * (`path`, relative to the public URL; onboarding keeps only the token's hash); an unknown one (registered: false,
 * path: null) gets a short note that no account uses it, so the HTTP answer never tells the two apart.
 */
export interface AccountDeletionConfirmationRequestedPayload {
  email: string;
  registered: boolean;
  /** Buyer's name when registered. */
  name: string | null;
  /** e.g. /delete-account/confirm?token={token}; null when no account has this email. */
  path: string | null;
  expiresAt: string;
}

/**
 * The owner confirmed the deletion by email and onboarding has erased the buyer's personal data and revoked every
 * session. Consumers drop or pseudonymise what they keep about the buyer (matched by `buyerId` or `email`); orders,
 * payments and ledger entries are financial records and are kept. `email` is the address as it was before erasure.
 */
export interface AccountDeletionRequestedPayload {
  requestId: string;
  buyerId: string;
  email: string;
  requestedAt: string;
  confirmedAt: string;
}

/** What consumers of account.deletion_requested write instead of the buyer's name (the onboarding tombstone's name). */
export const ERASED_BUYER_NAME = 'Deleted buyer';

/** What consumers write instead of the buyer's email: the onboarding tombstone's address, unique and undeliverable. */
export function erasedBuyerEmail(buyerId: string): string {
  return `deleted-${buyerId}@deleted.invalid`;
}

export interface OnboardingEventMap {
  'buyer.registered': BuyerRegisteredPayload;
  'sign_in.code_requested': SignInCodeRequestedPayload;
  'company.approved': CompanyApprovedPayload;
  'company.flagged': CompanyFlaggedPayload;
  'marketplace.registered': MarketplaceRegisteredPayload;
  'marketplace.updated': MarketplaceUpdatedPayload;
  'account.deletion_confirmation_requested': AccountDeletionConfirmationRequestedPayload;
  'account.deletion_requested': AccountDeletionRequestedPayload;
  'console.code_requested': ConsoleCodeRequestedPayload;
  'payee_sign_in.code_requested': PayeeCodeRequestedPayload;
}

/**
 * A company's contact asked for a developer console code (ADR 0037); sent only for companies with API access. The
 * code is in the payload for notifications to email (as sign_in.code_requested); onboarding keeps only its hash.
 */
export interface ConsoleCodeRequestedPayload {
  email: string;
  companyName: string;
  code: string;
  expiresAt: string;
}

/**
 * A seller or print provider asked for a dashboard sign-in code (ADR 0047); published only when the email owns at
 * least one profile, which the email lists. The code is in the payload for notifications to email; onboarding keeps
 * only its hash, and the outbox drops it once published (SECRET_PAYLOAD_FIELDS).
 */
export interface PayeeCodeRequestedPayload {
  email: string;
  code: string;
  sellers: Array<{ id: string; businessName: string }>;
  providers: Array<{ id: string; name: string }>;
  expiresAt: string;
}
