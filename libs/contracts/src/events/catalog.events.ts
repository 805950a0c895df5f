// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: event names are routing keys and inbox keys.
export const CatalogEvents = {
  SELLER_REGISTERED: 'seller.registered',
  SELLER_UPDATED: 'seller.updated',
  SELLER_EDIT_LINK_REQUESTED: 'seller.edit_link_requested',
  PROVIDER_APPLIED: 'provider.applied',
  PROVIDER_APPLICATION_DECIDED: 'provider.application_decided',
  PROVIDER_CONNECTED: 'provider.connected',
} as const;

export interface SellerRegisteredPayload {
  sellerId: string;
  businessName: string;
  sellerName: string;
  email: string;
  category: string;
}

export interface SellerUpdatedPayload {
  sellerId: string;
  businessName: string;
  sellerName: string;
  /** The profile's email after the change. */
  email: string;
  /** Profile fields that changed. */
  changed: string[];
  /** Set when the email changed: the address the profile had before (it is told of the change). */
  previousEmail: string | null;
  /** What happened to the payout account, if anything (ADR 0030): the seller is told, since it decides where money goes. */
  payoutAccount: 'added' | 'changed' | 'removed' | null;
}

/**
 * A seller asked for a new edit link. Carries the one-time recovery token because the email must contain it; it
 * is single-use, expires after `expiresAt` and only its hash is kept by catalog.
 */
export interface SellerEditLinkRequestedPayload {
  sellerId: string;
  businessName: string;
  sellerName: string;
  email: string;
  /** Path of the page that redeems the link, e.g. /sellers/edit/{id}?recovery={token}. */
  path: string;
  expiresAt: string;
}

export interface ProviderAppliedPayload {
  applicationId: string;
  businessName: string;
  contactName: string;
  email: string;
  stripeAccountId: string;
}

export interface ProviderApplicationDecidedPayload {
  applicationId: string;
  businessName: string;
  contactName: string;
  email: string;
  decision: 'approved' | 'rejected';
  note: string | null;
  /** Set when approved: the print provider that was created. */
  providerId: string | null;
}

/** A print provider with a connected Stripe account joined the marketplace (also an integrator webhook event). */
export interface ProviderConnectedPayload {
  providerId: string;
  name: string;
  stripeAccountId: string;
  applicationId: string | null;
}

export interface CatalogEventMap {
  'seller.registered': SellerRegisteredPayload;
  'seller.updated': SellerUpdatedPayload;
  'seller.edit_link_requested': SellerEditLinkRequestedPayload;
  'provider.applied': ProviderAppliedPayload;
  'provider.application_decided': ProviderApplicationDecidedPayload;
  'provider.connected': ProviderConnectedPayload;
}
