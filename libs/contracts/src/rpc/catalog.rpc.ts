import type { ProviderApplicationDto, ProviderApplicationStatus } from '../dtos/catalog/provider-application.dto.js';
import type { AuditContext } from '../events/audit.events.js';
import type { RegisterSellerDto } from '../dtos/catalog/register-seller.dto.js';
import type { UpdateSellerDto } from '../dtos/catalog/update-seller.dto.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys bound to service queues.
export const CatalogRpc = {
  REGISTER_SELLER: 'catalog.register_seller',
  LIST_SELLERS: 'catalog.list_sellers',
  GET_SELLER: 'catalog.get_seller',
  VERIFY_SELLER_TOKEN: 'catalog.verify_seller_token',
  UPDATE_SELLER: 'catalog.update_seller',
  REQUEST_SELLER_EDIT_LINK: 'catalog.request_seller_edit_link',
  RECOVER_SELLER_TOKEN: 'catalog.recover_seller_token',
  LIST_PRINT_PROVIDERS: 'catalog.list_print_providers',
  SUBMIT_PROVIDER_APPLICATION: 'catalog.submit_provider_application',
  LIST_PROVIDER_APPLICATIONS: 'catalog.list_provider_applications',
  DECIDE_PROVIDER_APPLICATION: 'catalog.decide_provider_application',
  GET_SELLER_PAYOUT_ACCOUNT: 'catalog.get_seller_payout_account',
} as const;

/** A seller as the showcase and the profile show it (spec §3). */
export interface SellerProfile {
  id: string;
  businessName: string;
  sellerName: string;
  email: string;
  phone: string;
  category: string;
  description: string;
  products: string;
  pricing: string;
  location: string;
  website: string | null;
  /** Mean of the seller's ratings (1–5), rounded to one decimal; 0 when unrated. */
  averageRating: number;
  totalRatings: number;
  createdAt: string;
  /** The seller has a payout account (ADR 0030), so /payment can pay them; the account id itself is never public. */
  payable: boolean;
}

export interface SellersShowcase {
  sellers: SellerProfile[];
  /** Over all sellers, not just this page. */
  stats: { total: number; categories: Record<string, number> };
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface RegisterSellerResponse {
  /**
   * The seller's edit token, kept by the browser under seller_auth_{sellerId}; only its hash is stored. A repeat with
   * the same Idempotency-Key and body within 15 minutes answers the same seller with a new token replacing this one.
   */
  authToken: string;
  seller: SellerProfile;
  message: string;
}

export interface PrintProvider {
  id: string;
  name: string;
  stripeAccountId: string;
  /**
   * The public profile for the Print Providers page (spec §2 cards), from the provider's approved application;
   * null where a provider was added without one.
   */
  contactName: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  /** The application's service area. */
  location: string | null;
  /** The application's portfolio description. */
  description: string | null;
  capabilities: string | null;
  turnaroundTime: string | null;
}

export interface ProviderApplicationView {
  id: string;
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  businessAddress: string;
  website: string | null;
  yearsInBusiness: string;
  serviceArea: string;
  printCapabilities: string;
  turnaroundTime: string;
  stripeConnectId: string;
  portfolioDescription: string;
  status: ProviderApplicationStatus;
  decisionNote: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  providerId: string | null;
}

export interface SubmitProviderApplicationResponse {
  application: { id: string; status: ProviderApplicationStatus };
  message: string;
}

export interface CatalogRpcMap {
  /**
   * `idempotencyKey`: the caller's Idempotency-Key header, beside the form's fields (the service takes it out before
   * validating them); the seller is registered once per key (ADR 0048's retry audit).
   */
  'catalog.register_seller': { request: RegisterSellerDto & { idempotencyKey?: string }; response: RegisterSellerResponse };
  /** `payable`: only sellers with a payout account (Direct Payment's picker). */
  'catalog.list_sellers': { request: { limit?: number; cursor?: string; payable?: boolean }; response: SellersShowcase };
  'catalog.get_seller': { request: { sellerId: string }; response: SellerProfile };
  'catalog.verify_seller_token': { request: { sellerId: string; token: string }; response: { sellerId: string } };
  'catalog.update_seller': { request: { sellerId: string; token: string; profile: UpdateSellerDto }; response: SellerProfile };
  'catalog.request_seller_edit_link': { request: { sellerId: string; email: string }; response: { message: string } };
  'catalog.recover_seller_token': {
    request: { sellerId: string; recoveryToken: string };
    response: { authToken: string; seller: SellerProfile };
  };
  'catalog.list_print_providers': { request: Record<string, never>; response: PrintProvider[] };
  /** `idempotencyKey`: as for `catalog.register_seller`; the application is filed once per key. */
  'catalog.submit_provider_application': {
    request: ProviderApplicationDto & { idempotencyKey?: string };
    response: SubmitProviderApplicationResponse;
  };
  'catalog.list_provider_applications': {
    request: { status?: ProviderApplicationStatus; limit?: number };
    response: { applications: ProviderApplicationView[] };
  };
  /** Audited (ADR 0075): `provider.approved` or `provider.rejected`, recorded with the decision. */
  'catalog.decide_provider_application': {
    request: {
      applicationId: string;
      decision: 'approved' | 'rejected';
      note: string | null;
      decidedBy: string | null;
      audit: AuditContext;
    };
    response: ProviderApplicationView;
  };
  /** Payments only (ADR 0030): resolves `seller_<id>` to the seller's payout account; never exposed by the gateway. */
  'catalog.get_seller_payout_account': { request: { sellerId: string }; response: SellerPayoutAccount };
}

export interface SellerPayoutAccount {
  sellerId: string;
  businessName: string;
  sellerName: string;
  /** Null when the seller has not connected a Stripe account. */
  stripeAccountId: string | null;
}
