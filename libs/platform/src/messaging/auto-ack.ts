/**
 * Deliveries taken from a queue consumed with auto-ack (the RPC queue, ADR 0048). RabbitMQ settled them when it
 * delivered them: acking one again is a channel error (PRECONDITION_FAILED, unknown delivery tag) that would close
 * the channel, so the message interceptor leaves them alone.
 */
const autoAcked = new WeakSet<object>();

export function markAutoAcked(message: object): void {
  autoAcked.add(message);
}

export function isAutoAcked(message: unknown): boolean {
  return typeof message === 'object' && message !== null && autoAcked.has(message);
}
