import type { EventName } from './event-map.js';
import type { ServiceName } from './wire.js';

/**
 * Which events each service consumes. Every process declares these queues and bindings at start, so an event
 * published while its consumer is down (or has never run) waits in the consumer's durable queue.
 */
export const EVENT_SUBSCRIPTIONS: Record<ServiceName, readonly EventName[]> = {
  // audit.recorded: every service's privileged actions, appended to the audit trail (ADR 0075).
  onboarding: ['audit.recorded'],
  catalog: [],
  // marketplace.updated: its copy of each marketplace's fee terms and payout account (ADR 0051).
  payments: ['marketplace.updated'],
  // payment.succeeded: a paid quote order fulfils its request (ADR 0045).
  requests: ['account.deletion_requested', 'payment.succeeded'],
  notifications: [
    'buyer.registered',
    'sign_in.code_requested',
    'console.code_requested',
    'payee_sign_in.code_requested',
    'company.approved',
    'company.flagged',
    'marketplace.registered',
    'account.deletion_confirmation_requested',
    'account.deletion_requested',
    'seller.registered',
    'seller.updated',
    'seller.edit_link_requested',
    'provider.applied',
    'provider.application_decided',
    'request.interest_recorded',
    'payment.succeeded',
    'payment.failed',
    'payment.refunded',
    // Integrator webhooks (ADR 0033), with the three payment events above.
    'payment.pending',
    'order.updated',
    'provider.connected',
    // Quotes on buyer requests (ADR 0045): emails to the buyer and the sellers.
    'quote.sent',
    'quote.accepted',
    'quote.declined',
    'quote.paid',
    'request.fulfilled',
    'quote.question_asked',
    'quote.question_answered',
    // Card disputes (ADR 0045): seller and provider emails, integrator webhooks.
    'payment.disputed',
    'payment.dispute_closed',
  ],
};
