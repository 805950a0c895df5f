export const BuyerErrors = {
  EMAIL_TAKEN: 'An account with this email already exists.',
} as const;
