import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { RmqContext } from '@nestjs/microservices';
import { Observable, tap } from 'rxjs';
import { InProcessContext } from '../messaging/in-process-transport.js';
import { DELIVERY_LIMIT } from '../messaging/runtime.js';
import { paymarketMetrics, secondsSince } from './metrics.js';

interface Delivery {
  pattern: string;
  isRequest: boolean;
  /** This delivery fails for the last time if it fails: the broker dead-letters it instead of redelivering. */
  isLastAttempt: boolean;
}

function deliveryOf(ctx: unknown, deliveryLimit: number): Delivery | undefined {
  if (ctx instanceof InProcessContext) {
    // The in-process broker counts deliveries from 1 and dead-letters a nack once the count reached the limit.
    return { pattern: ctx.getPattern(), isRequest: ctx.isRequest(), isLastAttempt: ctx.getMessage().deliveryCount >= deliveryLimit };
  }
  if (ctx instanceof RmqContext) {
    const message = ctx.getMessage() as { properties: { replyTo?: string; headers?: Record<string, unknown> } };
    // A quorum queue counts earlier returns in x-delivery-count (absent on the first delivery) and dead-letters a
    // message returned more than x-delivery-limit times.
    const returned = Number(message.properties.headers?.['x-delivery-count'] ?? 0);
    return { pattern: ctx.getPattern(), isRequest: Boolean(message.properties.replyTo), isLastAttempt: returned >= deliveryLimit };
  }
  return undefined;
}

/**
 * Counts what a service's message handlers do: RPC requests by pattern and outcome with their latency, events
 * consumed by routing key, and event deliveries that failed for the last time (dead-lettered). Registered beside
 * the MessageInterceptor, inside it, so it sees a handler's own result.
 */
@Injectable()
export class MessageMetricsInterceptor implements NestInterceptor {
  constructor(
    private readonly service: string,
    private readonly deliveryLimit: number = DELIVERY_LIMIT,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const delivery = deliveryOf(context.switchToRpc().getContext(), this.deliveryLimit);
    if (!delivery) return next.handle();
    const started = performance.now();
    const { service } = this;
    const { pattern } = delivery;
    return next.handle().pipe(
      tap({
        complete: () => {
          if (delivery.isRequest) {
            paymarketMetrics.rpcServerRequests.inc({ service, pattern, outcome: 'ok' });
            paymarketMetrics.rpcServerDuration.observe({ service, pattern, outcome: 'ok' }, secondsSince(started));
          } else {
            paymarketMetrics.messagesConsumed.inc({ service, routing_key: pattern, outcome: 'ok' });
          }
        },
        error: () => {
          if (delivery.isRequest) {
            paymarketMetrics.rpcServerRequests.inc({ service, pattern, outcome: 'service_error' });
            paymarketMetrics.rpcServerDuration.observe({ service, pattern, outcome: 'service_error' }, secondsSince(started));
          } else {
            paymarketMetrics.messagesConsumed.inc({ service, routing_key: pattern, outcome: 'failed' });
            if (delivery.isLastAttempt) paymarketMetrics.messagesDeadLettered.inc({ service, routing_key: pattern });
          }
        },
      }),
    );
  }
}
