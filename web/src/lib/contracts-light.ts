// The contracts' values that pages need for their first render, without the contracts' barrel: any value imported
// from '@paymarket/contracts' brings every DTO and class-validator into the page's initial JavaScript (ADR 0044, P5),
// so forms import that barrel dynamically when they validate. Each file re-exported here is free of decorators.
export { BUDGET_BUCKET_LABELS, BUDGET_BUCKETS } from '../../../libs/contracts/src/dtos/requests/budget';
export { REQUEST_CATEGORIES, REQUEST_CATEGORY_LABELS } from '../../../libs/contracts/src/dtos/requests/categories';
export { BUYER_REQUEST_MESSAGES, REQUEST_LIMITS } from '../../../libs/contracts/src/dtos/requests/buyer-request-messages';
export { PAYMENT_MESSAGES } from '../../../libs/contracts/src/dtos/payments/payment-messages';
export { PAYMENT_CURRENCIES } from '../../../libs/contracts/src/dtos/payments/currencies';
export { amountToMinor, formatMinor } from '../../../libs/contracts/src/dtos/payments/money';
export { PAYEE_AUTH_MESSAGES } from '../../../libs/contracts/src/dtos/payee-auth.dto';
export { DISPUTE_MESSAGES } from '../../../libs/contracts/src/api/payments';
export { IDEMPOTENCY_MESSAGES } from '../../../libs/contracts/src/dtos/idempotency-messages';
export {
  EMBED_EVENTS,
  EMBED_MESSAGE_SOURCE,
  EMBED_MESSAGES,
  EMBED_TOKEN_HEADER,
} from '../../../libs/contracts/src/dtos/marketplaces/embed-widget';
export { SELLER_CATEGORIES, SELLER_EDIT_CATEGORIES } from '../../../libs/contracts/src/dtos/catalog/seller-categories';
export { SELLER_PAYOUT_MESSAGES } from '../../../libs/contracts/src/dtos/catalog/seller-payout';
export {
  STRIPE_ACCOUNT_MESSAGES,
  STRIPE_ACCOUNT_MIN_LENGTH,
  STRIPE_ACCOUNT_PREFIX,
} from '../../../libs/contracts/src/dtos/catalog/stripe-account';
export { PROVIDER_APPLICATION_MESSAGES, YEARS_IN_BUSINESS } from '../../../libs/contracts/src/dtos/catalog/provider-application-messages';
export { ACCOUNT_DELETION_MESSAGES, DELETION_CONFIRMATION_WORD } from '../../../libs/contracts/src/dtos/account-deletion-messages';
export { API_ACCESS_BUSINESS_TYPES, API_ACCESS_MESSAGES } from '../../../libs/contracts/src/dtos/api-access/api-access-messages';
export { MARKETPLACE_FEE_DEFAULTS, MARKETPLACE_MESSAGES } from '../../../libs/contracts/src/dtos/marketplaces/marketplace-messages';
export { SIGN_IN_CODE } from '../../../libs/contracts/src/dtos/auth-messages';
export { isDomainName, MARKETPLACE_WEBHOOK_EVENTS, normaliseDomain } from '../../../libs/contracts/src/dtos/marketplaces/marketplace-rules';
export { API_KEY_ACCESS, CONSOLE_MESSAGES } from '../../../libs/contracts/src/dtos/developer-console/console-messages';
export {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
} from '../../../libs/contracts/src/dtos/webhooks/webhook-events';
export {
  MARKETPLACE_TENANT_MESSAGES,
  MAX_MARKETPLACE_DOMAINS,
} from '../../../libs/contracts/src/dtos/marketplaces/marketplace-tenant-messages';
export { AUDIT_ACTIONS } from '../../../libs/contracts/src/events/audit.events';
export { deviceLabel } from '../../../libs/contracts/src/dtos/device-label';
