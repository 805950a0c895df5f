import type { InProcessBroker } from '@paymarket/platform';
import { ServiceErrorCodes, type ServiceErrorPayload } from '@paymarket/contracts';

/** One RPC a fake service received: its pattern and its data (the envelope's `data`). */
export interface ReceivedCall {
  pattern: string;
  data: unknown;
}

/** A fake service's answer: a value, or a typed service error. */
export type FakeAnswer = unknown | { error: ServiceErrorPayload };

/** The error a fake handler returns to answer as a service would with a typed error. */
export function serviceError(code: keyof typeof ServiceErrorCodes, message: string): { error: ServiceErrorPayload } {
  return { error: { code: ServiceErrorCodes[code], message } };
}

/**
 * Answers RPC patterns on an in-process broker the way a Nest microservice does, so the real gateway can be tested
 * over HTTP against stand-ins for the services it calls. Every call is recorded.
 */
export function fakeServices(
  broker: InProcessBroker,
  handlers: Record<string, (data: never) => FakeAnswer | Promise<FakeAnswer>>,
): { calls: ReceivedCall[]; callsTo: (pattern: string) => unknown[]; stop: () => void } {
  const queue = `fake-services-${Math.random().toString(36).slice(2)}`;
  const calls: ReceivedCall[] = [];
  for (const pattern of Object.keys(handlers)) broker.bindQueue(queue, pattern);
  const stop = broker.consume(queue, 50, (message) => {
    broker.ack(queue, message.messageId);
    const packet = JSON.parse(message.content) as { id: string; pattern: string; data: { data: unknown } };
    const data = packet.data.data;
    calls.push({ pattern: packet.pattern, data });
    void Promise.resolve(handlers[packet.pattern]!(data as never)).then((answer) => {
      const reply =
        typeof answer === 'object' && answer !== null && 'error' in answer
          ? { id: packet.id, err: (answer as { error: ServiceErrorPayload }).error, isDisposed: true }
          : { id: packet.id, response: answer ?? null, isDisposed: true };
      broker.sendToReplyQueue(message.replyTo!, message.correlationId, JSON.stringify(reply));
    });
  });
  return {
    calls,
    callsTo: (pattern) => calls.filter((c) => c.pattern === pattern).map((c) => c.data),
    stop: () => {
      stop();
      broker.deleteQueue(queue);
    },
  };
}
