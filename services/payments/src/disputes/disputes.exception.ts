export const DISPUTE_MESSAGES = {
  REFUNDS_FROZEN: 'This order is disputed by the cardholder: refunds are frozen until the dispute is won.',
} as const;
