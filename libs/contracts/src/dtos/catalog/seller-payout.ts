/**
 * A seller's optional payout account (ADR 0030): a Stripe Connect account id. The spec has no field for it, so the
 * messages are ours; the format is checked here, existence and "can receive transfers" by payments.
 */
export const SELLER_PAYOUT_MESSAGES = {
  FORMAT: 'Please enter a valid Stripe Connect Account ID (it starts with acct_)',
  /** Payments said the account does not exist at Stripe or cannot receive transfers. */
  INVALID: 'Invalid Stripe Account: this Stripe Connect account does not exist or cannot receive transfers yet.',
} as const;

export const SELLER_PAYOUT_ACCOUNT_PATTERN = /^acct_[A-Za-z0-9]{6,60}$/;
