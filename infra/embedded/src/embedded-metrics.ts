import { queueOf, SERVICE_NAMES } from '@paymarket/contracts';
import { registerDeadLetterDepths, registerReadiness, type MessagingRuntime } from '@paymarket/platform';

/**
 * Embedded mode's additions to the process's one ops endpoint: the in-process broker's dead-letter lists (there is
 * no RabbitMQ to ask) and the gateway's readiness beside the services'. Returns the removal.
 */
export function observeEmbedded(messaging: MessagingRuntime, gatewayListening: () => boolean): () => void {
  const undo = [registerReadiness('gateway', gatewayListening)];
  if (messaging.kind === 'in-process') {
    const { broker } = messaging;
    undo.push(
      registerDeadLetterDepths(() =>
        Object.fromEntries(SERVICE_NAMES.map((s) => [`${queueOf(s)}.dlq`, broker.deadLetters(queueOf(s)).length])),
      ),
    );
  }
  return () => {
    for (const fn of undo) fn();
  };
}
