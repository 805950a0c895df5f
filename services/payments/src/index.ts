import type { ServiceDefinition } from '@paymarket/platform';
import { stripeConfigFromEnv } from './config/payments-env.js';
import { PaymentsModule } from './payments.module.js';
import type { StripeConfig } from './stripe/stripe.gateway.js';

export { PaymentsModule };
export { stripeConfigFromEnv } from './config/payments-env.js';
export { isDevelopmentMode, type StripeConfig } from './stripe/stripe.gateway.js';

/** Cluster mode reads STRIPE_* from env; the embedded launcher passes its Stripe emulator's settings. */
export function createPaymentsService(stripe?: StripeConfig): ServiceDefinition {
  return { name: 'payments', module: (config) => PaymentsModule.forRoot(config, stripe ?? stripeConfigFromEnv()) };
}

export const paymentsService: ServiceDefinition = createPaymentsService();
export { verifyLedgerAt, formatLedgerReport } from './ledger/verify-ledger-at.js';
export { reconcileAt, parseSince } from './reconcile/reconcile-at.js';
export { formatReconcileReport, type ReconcileReport } from './reconcile/reconcile-with-stripe.use-case.js';
