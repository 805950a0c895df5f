export { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './emulator.js';
export { DEMO_ACCOUNTS, type DemoAccount } from './resources/accounts.js';
export { TEST_PAYMENT_METHOD_TOKENS } from './cards.js';
export { signPayload, type EmulatorLogger, type DeliveryAttempt } from './webhooks.js';
export { EmulatorState } from './state.js';
export { parseRateLimit, STRIPE_RATE_LIMITS, type RateLimitSettings, type RateLimitStats } from './rate-limit.js';
