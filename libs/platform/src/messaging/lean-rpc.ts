import { context as otelContext } from '@opentelemetry/api';
import { ServiceErrorCodes } from '@paymarket/contracts';
import { serviceErrorPayloadOf } from '../errors/service-exception.filter.js';
import { ServiceError } from '../errors/service-error.js';
import { createLogger } from '../logging/logger.js';
import { runWithCorrelationId } from '../logging/request-context.js';
import { paymarketMetrics, secondsSince } from '../metrics/metrics.js';
import { failSpan, startMessageSpan } from '../tracing/tracing.js';
import type { InFlightTracker } from './in-flight.js';
import { callerGaveUp, correlationOf } from './message.interceptor.js';

const log = createLogger('messaging');

/** A read answered on the lean path: the request's `data` (the envelope's, not the envelope) in, the answer out. */
export type LeanRpcHandler = (data: unknown) => Promise<unknown>;

/**
 * Hot reads answered without Nest's per-message pipeline (ADR 0057): on the RPC queue's consumer a request whose
 * pattern has a lean handler is answered by `answerLean` instead of Nest's router, interceptors and rxjs. The
 * service still declares the pattern with `@MessagePattern` (the binding, embedded mode, and any other transport
 * go through Nest as before); the lean handler must do exactly what that handler does. Patterns are unique across
 * services, so one table serves every service in a process.
 */
const leanHandlers = new Map<string, LeanRpcHandler>();

export function registerLeanRpc(pattern: string, handler: LeanRpcHandler): void {
  leanHandlers.set(pattern, handler);
}

export function leanRpcHandler(pattern: string): LeanRpcHandler | undefined {
  return leanHandlers.get(pattern);
}

/** For tests. */
export function clearLeanRpc(): void {
  leanHandlers.clear();
}

/** What a delivery from amqplib carries that the lean path reads. */
export interface LeanDelivery {
  content: Buffer;
  properties: { replyTo?: string; correlationId?: string; headers?: Record<string, unknown> };
}

/** Where the answer goes: the same reply publisher Nest's path uses (`ResilientServerRMQ.sendMessage`). */
export type LeanReply = (packet: { response?: unknown; err?: unknown; isDisposed: true }, replyTo: string, correlationId: string) => void;

interface ParsedRequest {
  pattern: string;
  handler: LeanRpcHandler;
  /** The envelope (`meta` and `data`). */
  data: unknown;
}

/** The request if it is one the lean path answers (a request with a reply address and a lean handler), else undefined. */
export function leanRequestOf(delivery: LeanDelivery): ParsedRequest | undefined {
  if (leanHandlers.size === 0 || !delivery.properties.replyTo) return undefined;
  let packet: { pattern?: unknown; id?: unknown; data?: unknown };
  try {
    packet = JSON.parse(delivery.content.toString()) as typeof packet;
  } catch {
    return undefined;
  }
  if (typeof packet !== 'object' || packet === null || typeof packet.pattern !== 'string' || packet.id === undefined) return undefined;
  const handler = leanHandlers.get(packet.pattern);
  return handler ? { pattern: packet.pattern, handler, data: packet.data } : undefined;
}

function count(service: string, pattern: string, outcome: 'ok' | 'service_error', started: number): void {
  paymarketMetrics.rpcServerRequests.inc({ service, pattern, outcome });
  paymarketMetrics.rpcServerDuration.observe({ service, pattern, outcome }, secondsSince(started));
}

/**
 * Answers a lean request the way the Nest pipeline does (MessageInterceptor, MessageMetricsInterceptor,
 * ServiceExceptionFilter): not executed once its caller gave up; otherwise run in a SERVER span continuing the
 * message's `traceparent`, inside its correlation id, counted in flight, with the same metrics, and with errors
 * mapped to the same payloads (a ServiceError as it is, anything else `internal` with a logged errorId).
 */
export async function answerLean(
  service: string,
  request: ParsedRequest,
  delivery: LeanDelivery,
  reply: LeanReply,
  inFlight: InFlightTracker | undefined,
): Promise<void> {
  const { pattern, handler, data } = request;
  const payload = typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : undefined;
  const replyTo = delivery.properties.replyTo as string;
  const replyId = delivery.properties.correlationId as string;
  const correlationId = correlationOf(data);
  if (callerGaveUp(data)) {
    log.warn({ pattern, correlationId }, 'request received after its caller stopped waiting; not executed');
    reply(
      {
        err: new ServiceError(ServiceErrorCodes.INTERNAL, 'The request arrived after its caller stopped waiting.').getError(),
        isDisposed: true,
      },
      replyTo,
      replyId,
    );
    return;
  }
  const traced = startMessageSpan(pattern, true, delivery.properties.headers, correlationId);
  inFlight?.begin();
  const started = performance.now();
  try {
    const response = await otelContext.with(traced.context, () => runWithCorrelationId(correlationId, () => handler(payload)));
    count(service, pattern, 'ok', started);
    reply({ response, isDisposed: true }, replyTo, replyId);
  } catch (err) {
    failSpan(traced.span, err);
    count(service, pattern, 'service_error', started);
    reply({ err: serviceErrorPayloadOf(err), isDisposed: true }, replyTo, replyId);
  } finally {
    traced.span.end();
    inFlight?.end();
  }
}
