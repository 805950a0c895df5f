import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { RmqContext } from '@nestjs/microservices';
import { finalize, Observable, tap } from 'rxjs';
import { acceptCorrelationId, runWithCorrelationId } from '../logging/request-context.js';
import { createLogger } from '../logging/logger.js';
import { InFlightTracker } from './in-flight.js';
import { InProcessContext } from './in-process-transport.js';

const log = createLogger('messaging');

interface Settler {
  isRequest: boolean;
  ack(): void;
  nack(requeue: boolean): void;
}

function settlerFor(ctx: unknown): Settler | undefined {
  if (ctx instanceof InProcessContext) {
    return { isRequest: ctx.isRequest(), ack: () => ctx.ack(), nack: (requeue) => ctx.nack(requeue) };
  }
  if (ctx instanceof RmqContext) {
    const message = ctx.getMessage() as { properties: { replyTo?: string } };
    const channel = ctx.getChannelRef() as { ack(m: unknown): void; nack(m: unknown, all: boolean, requeue: boolean): void };
    // After a reconnect the delivery's channel is gone; the broker redelivers and the inbox dedupes.
    const safely = (fn: () => void) => {
      try {
        fn();
      } catch (err) {
        log.warn({ err }, 'could not settle a message on a closed channel; it will be redelivered');
      }
    };
    return {
      isRequest: Boolean(message.properties.replyTo),
      ack: () => safely(() => channel.ack(message)),
      nack: (requeue) => safely(() => channel.nack(message, false, requeue)),
    };
  }
  return undefined;
}

function correlationOf(data: unknown): string {
  if (typeof data === 'object' && data !== null) {
    const d = data as { correlationId?: unknown; meta?: { correlationId?: unknown } };
    return acceptCorrelationId(d.meta?.correlationId ?? d.correlationId);
  }
  return acceptCorrelationId(undefined);
}

/**
 * Runs every message handler inside its correlation id and settles the message afterwards, the same way on
 * both transports: a request is acked once answered (its caller got the result or the error); an event is
 * acked only after the handler (and so its transaction) finished, and nacked for redelivery when it threw, up to
 * the queue's delivery limit, after which the broker dead-letters it.
 */
@Injectable()
export class MessageInterceptor implements NestInterceptor {
  constructor(private readonly inFlight: InFlightTracker = new InFlightTracker()) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const rpc = context.switchToRpc();
    const settler = settlerFor(rpc.getContext());
    const correlationId = correlationOf(rpc.getData());
    this.inFlight.begin();
    return new Observable((subscriber) =>
      runWithCorrelationId(correlationId, () =>
        next
          .handle()
          .pipe(
            finalize(() => this.inFlight.end()),
            tap({
              complete: () => settler?.ack(),
              error: (err: unknown) => {
                if (settler?.isRequest) settler.ack();
                else {
                  log.warn({ err, pattern: context.getHandler().name }, 'event handler failed; message requeued');
                  settler?.nack(true);
                }
              },
            }),
          )
          .subscribe(subscriber),
      ),
    );
  }
}
