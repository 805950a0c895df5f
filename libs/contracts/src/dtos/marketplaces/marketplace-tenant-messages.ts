// Free of decorators, so the developer console renders with them without class-validator (web/src/lib/contracts-light.ts).

export const MARKETPLACE_TENANT_MESSAGES = {
  MARKETPLACE_ID: 'marketplaceId must be the id of a marketplace registered with your contact email',
  NOT_ATTACHABLE: 'No marketplace with this id is registered with your company’s contact email.',
  ALREADY_ATTACHED_TO_OTHER: 'This marketplace is attached to another company.',
  COMPANY_HAS_MARKETPLACE: 'Your company already has a marketplace. Its domains can be changed in the Marketplace tab.',
  NO_MARKETPLACE: 'Your company has no marketplace yet. Register one at /integrate (Setup tab), then attach it here.',
  DISPLAY_NAME: 'Display name must be 1 to 80 characters',
  ACCENT_COLOR: 'Accent colour must be a hex colour such as #4f46e5',
  LOGO_URL: 'Logo URL must be an https:// address of at most 500 characters',
  DOMAINS: 'Domains must be a list of 1 to 5 domain names such as shop.example.com',
  DOMAIN_INVALID: (domain: string) => `${domain} is not a domain name such as shop.example.com`,
  DOMAIN_REPEATED: (domain: string) => `${domain} is listed twice`,
  DOMAIN_TAKEN: (domain: string) => `${domain} is already used by another marketplace.`,
  TRANSACTION_FEE_USD: 'USD transaction fee must be an amount from 0 to 999.99 with at most two decimals',
  TRANSACTION_FEE_CAD: 'CAD transaction fee must be an amount from 0 to 999.99 with at most two decimals',
  PLATFORM_FEE: 'Platform fee must be a percentage from 0 to 100 with at most two decimals',
  PAYOUT_ACCOUNT_FORMAT: 'Payout account must be a Stripe connected account id (acct_…), or null to remove it',
  /** Payments said the account does not exist at Stripe or cannot receive transfers (its own reason is used when given). */
  PAYOUT_ACCOUNT_INVALID: 'This Stripe connected account does not exist or cannot receive transfers yet.',
  /** Payments could not be asked about the payout account: nothing was saved. */
  PAYOUT_ACCOUNT_UNCHECKED:
    'We could not check the payout account with payments just now, so nothing was saved. Please try again in a moment.',
  /** Why an unattached marketplace takes no orders and cannot be embedded. */
  NOT_ATTACHED:
    'This marketplace is not attached to a company yet: its company attaches it in the developer console (Marketplace tab) before it can take orders.',
  FLAG: (field: string) => `${field} must be true or false`,
  /** 409 at order time: a custom-fee marketplace must be able to receive its share before it takes an order. */
  PAYOUT_ACCOUNT_REQUIRED:
    'This marketplace charges its own fees but has no payout account. Add a payout account in the developer console (Marketplace tab) before taking orders.',
  UPDATED: 'Marketplace saved.',
} as const;

/** At most this many domains per marketplace (the registered one included). */
export const MAX_MARKETPLACE_DOMAINS = 5;
