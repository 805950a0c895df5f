export const ProviderErrors = {
  APPLICATION_NOT_FOUND: 'Provider application not found',
  ALREADY_DECIDED: (status: string) => `This application has already been ${status}.`,
  ACCOUNT_TAKEN: 'A print provider with this Stripe account is already on PayMarket.',
  ACCOUNT_NO_LONGER_VALID: 'The Stripe account of this application cannot receive transfers any more, so it cannot be approved.',
  BAD_STATUS: 'status must be pending, approved or rejected',
} as const;

export const APPLICATION_RECEIVED_MESSAGE =
  'Application Received! We will review your application within 2-3 business days and email you the outcome.';
