/** The spec's texts for the payment pages (§5, §8) and PayMarket's own for server-side amount rules. */
export const PAYMENT_MESSAGES = {
  MISSING_INFORMATION_TITLE: 'Missing Information',
  MISSING_INFORMATION: 'Please fill in all fields',
  INVALID_AMOUNT_TITLE: 'Invalid Amount',
  INVALID_AMOUNT: 'Please enter a valid amount',
  ORDER_ID_REQUIRED: 'Order ID is required',
  AMOUNT_REQUIRED: 'Amount is required',
  ORDER_ID_FORMAT: 'Order ID may use letters, digits, dashes and underscores (at most 64)',
  AMOUNT_TOO_LARGE: 'Amount must be at most 999,999.99',
  AMOUNT_DECIMALS: 'Amount may have at most two decimals',
  CURRENCY: 'Currency must be usd or cad',
  PROVIDER_REQUIRED: 'Please choose a print provider',
  // Direct payment form (spec §5)
  SELLER_ACCOUNT_REQUIRED: 'Seller Stripe account ID is required',
  MIN_AMOUNT: 'Amount must be at least $0.01',
  DESCRIPTION_REQUIRED: 'Description is required',
  VALID_EMAIL: 'Valid email is required',
  BUYER_NAME_REQUIRED: 'Buyer name is required',
} as const;

/** Largest amount one payment may carry, in minor units (999,999.99). */
export const MAX_AMOUNT_MINOR = 99_999_999;
