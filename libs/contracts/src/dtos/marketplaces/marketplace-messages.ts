// Free of decorators, so the setup form can import these without class-validator (web/src/lib/contracts-light.ts).
export const MARKETPLACE_MESSAGES = {
  COMPANY_NAME_REQUIRED: 'Company name is required',
  COMPANY_NAME_TOO_LONG: 'Company name must be at most 200 characters',
  DOMAIN_REQUIRED: 'Marketplace domain is required',
  DOMAIN_INVALID: 'Marketplace domain must be a domain name such as shop.example.com',
  CONTACT_EMAIL_INVALID: 'Contact email must be a valid email address',
  ADMIN_EMAIL_INVALID: 'Admin email must be a valid email address',
  TRANSACTION_FEE_INVALID: 'Transaction fee must be an amount from 0 to 999.99 with at most two decimals',
  PLATFORM_FEE_INVALID: 'Platform fee must be a percentage from 0 to 100 with at most two decimals',
  FLAG: (field: string) => `${field} must be true or false`,
  TEXT: (field: string) => `${field} must be text`,
  TEXT_TOO_LONG: (field: string, max: number) => `${field} must be at most ${max} characters`,
  /** Title of the failure toast (spec §8) and its fallback text. */
  SETUP_FAILED_TITLE: 'Setup Failed',
  SETUP_FAILED: 'Unable to complete marketplace setup',
} as const;

/**
 * PayMarket's defaults for a marketplace's custom fees (spec §3, §9): a 3.56 fixed fee and a 5% platform fee.
 * Registration sets one fee for both currencies; the console (ADR 0051) sets one per currency, 4.79 on cad by default.
 */
export const MARKETPLACE_FEE_DEFAULTS = { transactionFee: '3.56', transactionFeeCad: '4.79', platformFee: '5' } as const;
