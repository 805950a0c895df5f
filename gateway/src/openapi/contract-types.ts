/**
 * The contract types (interfaces in libs/contracts) that the OpenAPI document names as response bodies and webhook
 * payloads. `npm run openapi:generate` turns each into JSON Schema (contract-schemas.json); a route's `@Doc({returns})`
 * may name any of these or a DTO class. Add a type here when a route answers a new one.
 */
export const CONTRACT_TYPES = [
  'ApiErrorBody',
  // web API
  'AccountDeletionConfirmed',
  'AccountDeletionRequested',
  'AdminCompaniesResponse',
  'AdminSessionResponse',
  'ApiAccessResponse',
  'ApproveCompanyResponse',
  'BuyerRequestListResponse',
  'BuyerRequestResponse',
  'BuyerSessionResponse',
  'ContactBuyerResponse',
  'DeleteBuyerRequestResponse',
  'DirectPaymentResponse',
  'IntegrationInfoResponse',
  'LedgerReport',
  'MailboxMessage',
  'OrderView',
  'PaymentIntentResponse',
  'PaymentStatusView',
  'PaymentsClientConfig',
  'PrintProvider',
  'ProviderApplicationView',
  'ReadinessReport',
  'RegisterBuyerResponse',
  'RegisterSellerResponse',
  'RevealCredentialsResponse',
  'SellerProfile',
  'SellersShowcase',
  'SetupMarketplaceResponse',
  'SignInCodeRequested',
  'SubmitProviderApplicationResponse',
  'ValidateStripeAccountResponse',
  // integrator API
  'ApiAccountResponse',
  'ApiOrderList',
  'ApiOrderView',
  'CreatedWebhookEndpoint',
  'WebhookEndpointList',
  'WebhookEndpointView',
  'WebhookSecretView',
  // webhook payloads
  'OrderUpdatedPayload',
  'PaymentFailedPayload',
  'PaymentPayload',
  'PaymentRefundedPayload',
  'ProviderConnectedPayload',
] as const;
