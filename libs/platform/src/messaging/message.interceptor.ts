import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { RmqContext } from '@nestjs/microservices';
import { context as otelContext } from '@opentelemetry/api';
import { finalize, Observable, tap, throwError } from 'rxjs';
import { ServiceErrorCodes } from '@paymarket/contracts';
import { ServiceError } from '../errors/service-error.js';
import { acceptCorrelationId, runWithCorrelationId } from '../logging/request-context.js';
import { createLogger } from '../logging/logger.js';
import { isAutoAcked } from './auto-ack.js';
import { InFlightTracker } from './in-flight.js';
import { InProcessContext } from './in-process-transport.js';
import { failSpan, startMessageSpan } from '../tracing/tracing.js';

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
    const message = ctx.getMessage() as { properties: { replyTo?: string; headers?: Record<string, unknown> } };
    // A request from the RPC queue was settled by RabbitMQ on delivery (auto-ack); there is nothing to ack.
    if (isAutoAcked(message)) return { isRequest: Boolean(message.properties.replyTo), ack: () => undefined, nack: () => undefined };
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
      // Requeued after a pause that grows with each redelivery, so an outage of seconds (PostgreSQL restarting)
      // cannot use up the queue's delivery limit and dead-letter an event that succeeds a moment later.
      nack: (requeue) => {
        if (!requeue) return safely(() => channel.nack(message, false, false));
        setTimeout(() => safely(() => channel.nack(message, false, true)), redeliveryDelayMs(message.properties.headers)).unref();
      },
    };
  }
  return undefined;
}

/**
 * How long a failed event waits before it is requeued: 1 s, 2 s, 4 s, 8 s, 16 s by RabbitMQ's x-delivery-count
 * (quorum queues), about half a minute in all before the delivery limit dead-letters it.
 */
export function redeliveryDelayMs(headers: Record<string, unknown> | undefined): number {
  const count = Number(headers?.['x-delivery-count'] ?? 0);
  return Math.min(16_000, 1000 * 2 ** (Number.isFinite(count) && count > 0 ? Math.min(count, 4) : 0));
}

/** The message's pattern and headers (the W3C trace context travels there on both transports). */
function messageOf(ctx: unknown): { pattern: string; headers: unknown } {
  if (ctx instanceof InProcessContext) return { pattern: ctx.getPattern(), headers: ctx.getMessage().headers };
  if (ctx instanceof RmqContext) {
    const message = ctx.getMessage() as { properties?: { headers?: unknown } };
    return { pattern: ctx.getPattern(), headers: message.properties?.headers };
  }
  return { pattern: 'unknown', headers: undefined };
}

/** Clock differences between hosts that a deadline tolerates before a request counts as abandoned. */
export const DEADLINE_GRACE_MS = 2_000;

/**
 * Whether the caller of a request has stopped waiting (its envelope's `deadline` passed). Requests are consumed with
 * auto-ack (ADR 0048), so one delivered while the process was busy would otherwise still run after its caller timed
 * out: a write nobody learns the outcome of. The broker's per-message expiry covers the time in the queue; this
 * covers the time between delivery and the handler.
 */
export function callerGaveUp(data: unknown, now = Date.now()): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const deadline = (data as { meta?: { deadline?: unknown } }).meta?.deadline;
  return typeof deadline === 'number' && Number.isFinite(deadline) && now > deadline + DEADLINE_GRACE_MS;
}

export function correlationOf(data: unknown): string {
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
    const message = messageOf(rpc.getContext());
    if (settler?.isRequest && callerGaveUp(rpc.getData())) {
      settler.ack();
      log.warn({ pattern: message.pattern, correlationId }, 'request received after its caller stopped waiting; not executed');
      return throwError(() => new ServiceError(ServiceErrorCodes.INTERNAL, 'The request arrived after its caller stopped waiting.'));
    }
    const traced = startMessageSpan(message.pattern, settler?.isRequest ?? false, message.headers, correlationId);
    this.inFlight.begin();
    return new Observable((subscriber) =>
      otelContext.with(traced.context, () =>
        runWithCorrelationId(correlationId, () =>
          next
            .handle()
            .pipe(
              tap({ error: (err: unknown) => failSpan(traced.span, err) }),
              finalize(() => traced.span.end()),
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
      ),
    );
  }
}
