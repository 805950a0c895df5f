import { createHash } from 'node:crypto';

/**
 * The outbox id of an event caused by a Stripe object (ADR 0069): a name-based UUID (version 5 layout, SHA-1) of the
 * event name and the object's id, e.g. `payment.succeeded` + `pi_…`. The live path and the reconciliation after a
 * restore write the same fact under the same id, so an integrator sees a repeat under the same `webhook-id`.
 * `source` must be the one thing the event is about (a PaymentIntent, a refund, a dispute, an order's uuid).
 */
export function stableEventId(name: string, source: string, detail = ''): string {
  const bytes = createHash('sha1').update(`paymarket:payments:${name}:${source}:${detail}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
