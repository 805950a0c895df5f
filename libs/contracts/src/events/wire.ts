// DO NOT CHANGE THESE VALUES WITHOUT A MIGRATION PLAN: they name durable exchanges and queues on the broker,
// and renaming one strands the messages already in flight.
export const WIRE = {
  /** Topic exchange carrying every RPC command and domain event; the routing key is the pattern or event name. */
  EXCHANGE: 'paymarket',
  /** Dead-letter exchange; each service queue dead-letters into `<queue>.dlq`. */
  DEAD_LETTER_EXCHANGE: 'paymarket.dlx',
} as const;

export const SERVICE_NAMES = ['onboarding', 'catalog', 'payments', 'requests', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The durable queue of a service (one per service, shared by its replicas as competing consumers). */
export function queueOf(service: ServiceName): string {
  return `paymarket.${service}`;
}

/**
 * The RPC queue of a service (ADR 0048): a durable classic queue consumed with auto-ack, bound only to the RPC
 * patterns the service handles; its events stay on `queueOf(service)`.
 */
export function rpcQueueOf(service: ServiceName): string {
  return `${queueOf(service)}.rpc`;
}
