// Free of decorators, so a page can import these without class-validator (web/src/lib/contracts-light.ts).
export const STRIPE_ACCOUNT_MESSAGES = {
  REQUIRED: 'Stripe account ID is required',
  /** Spec §8: what the page shows when the validation call itself fails. */
  CALL_FAILED: 'Unable to validate account. Please try again.',
} as const;

/** Spec §9: automatic validation starts once the id has this prefix and at least this many characters. */
export const STRIPE_ACCOUNT_PREFIX = 'acct_';
export const STRIPE_ACCOUNT_MIN_LENGTH = 20;
