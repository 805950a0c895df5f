/** Texts of the connected-account check; the provider application shows `error` under the account id field. */
export const ConnectedAccountMessages = {
  VERIFIED: 'Stripe account verified',
  NOT_VERIFIED: 'Stripe account could not be verified',
  MALFORMED: 'Please enter your Stripe Connect Account ID',
  NOT_FOUND: 'No Stripe account found with this ID',
  CANNOT_RECEIVE_TRANSFERS: 'This Stripe account cannot receive transfers yet. Finish onboarding with Stripe first.',
  STRIPE_UNAVAILABLE: 'We could not reach Stripe to verify this account. Please try again in a moment.',
} as const;

/** `acct_` and at least 16 letters or digits: the shape of every Stripe account id. */
export const STRIPE_ACCOUNT_ID_PATTERN = /^acct_[A-Za-z0-9]{16,}$/;
