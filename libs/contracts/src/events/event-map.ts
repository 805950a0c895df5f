import type { OnboardingEventMap } from './onboarding.events.js';
import type { CatalogEventMap } from './catalog.events.js';
import type { RequestsEventMap } from './requests.events.js';
import type { OrderEventMap } from './orders.events.js';
import type { QuotesEventMap } from './quotes.events.js';
import type { DisputesEventMap } from './disputes.events.js';
import type { AuditEventMap } from './audit.events.js';
import type { ServiceName } from './wire.js';

/**
 * Every domain event name with the payload it carries, composed from each domain's own map (one file per domain:
 * `<domain>.events.ts`). `publish(name, payload)` is checked against this.
 */
export type EventMap = OnboardingEventMap &
  CatalogEventMap &
  RequestsEventMap &
  OrderEventMap &
  QuotesEventMap &
  DisputesEventMap &
  AuditEventMap;

export type EventName = keyof EventMap;

/** What travels on the wire for every event. */
export interface EventEnvelope<N extends EventName = EventName> {
  id: string;
  name: N;
  occurredAt: string;
  producer: ServiceName;
  correlationId: string;
  data: EventMap[N];
}

/**
 * Payload fields that carry a secret to its one consumer (a sign-in code, a one-time link). The producer's outbox
 * drops them from the row once the event is published, so its copy cannot be used to sign in or confirm anything.
 */
export const SECRET_PAYLOAD_FIELDS: Partial<Record<EventName, readonly string[]>> = {
  'sign_in.code_requested': ['code'],
  'console.code_requested': ['code'],
  'payee_sign_in.code_requested': ['code'],
  'account.deletion_confirmation_requested': ['path'],
  // One-time links: a seller's emailed edit link (ADR 0025) and a company's credentials reveal link (ADR 0027).
  'seller.edit_link_requested': ['path'],
  'company.approved': ['credentialsPath'],
};
