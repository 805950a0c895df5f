/** Messages the payments service answers with (the spec gives none for these server-side refusals). */
export const CheckoutErrors = {
  ORDER_ID_TAKEN: 'An order with this Order ID already exists. Use a new Order ID.',
  ORDER_NOT_FOUND: 'Order not found.',
  ORDER_ID_AMBIGUOUS: 'Several orders have this Order ID. Name the order by its id.',
  PAYMENT_NOT_FOUND: 'Payment not found.',
  SIGN_IN_REQUIRED: 'Sign in to pay and to see your orders.',
  NOT_YOUR_ORDER: 'This order belongs to another account.',
  ORDER_MISMATCH: 'The payment does not match the order: amount, currency or recipient differ.',
  ALREADY_PAID: 'This order is already paid.',
  ACCOUNT_UNKNOWN: 'No Stripe account found with this ID, so it cannot be paid.',
  ACCOUNT_CANNOT_RECEIVE: 'This Stripe account cannot receive transfers yet, so it cannot be paid.',
  SELLER_NOT_CONNECTED: (seller: string) =>
    `${seller} has not connected a Stripe account yet, so they cannot be paid here. Choose a print provider or another seller.`,
  SELLER_NOT_FOUND: 'This seller no longer exists. Choose another print provider or seller.',
  SELLER_ACCOUNT_CHANGED: 'This seller changed their payout account after the order was created. Please create a new order.',
  CATALOG_UNAVAILABLE: 'The seller directory is not reachable right now. Please try again in a moment.',
  NOT_TEST_MODE: 'Test cards can only be used in development mode.',
  NOT_A_TEST_CARD: 'Use one of Stripe’s test cards, e.g. 4242 4242 4242 4242.',
  NOT_REFUNDABLE: 'Only paid orders can be refunded.',
  REFUND_TOO_LARGE: (left: string) => `The refund is larger than what is left to refund (${left}).`,
  MARKETPLACE_PAYOUT_NOT_READY:
    'This marketplace’s payout account cannot receive transfers, so it cannot take orders yet. Fix the payout account in the developer console (Marketplace tab).',
  PROCESSOR_UNAVAILABLE: 'The card processor is not reachable right now. Please try again in a moment.',
} as const;
