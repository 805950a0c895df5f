import type { EventName } from './event-map.js';
import type { ServiceName } from './wire.js';

/**
 * Which events each service consumes. Every process declares these queues and bindings at start, so an event
 * published while its consumer is down (or has never run) waits in the consumer's durable queue.
 */
export const EVENT_SUBSCRIPTIONS: Record<ServiceName, readonly EventName[]> = {
  onboarding: [],
  catalog: [],
  payments: [],
  requests: ['account.deletion_requested'],
  notifications: [
    'buyer.registered',
    'sign_in.code_requested',
    'console.code_requested',
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
  ],
};
