import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { tracingStarted } from './start-tracing.js';

/** A W3C trace context as it travels: `traceparent` and, when there is one, `tracestate` (message headers, a row). */
export type TraceCarrier = Record<string, string>;

const TRACER_NAME = '@paymarket/platform';

export function tracer() {
  return trace.getTracer(TRACER_NAME);
}

/**
 * The active trace context as a carrier, or undefined when there is none (tracing off: the API's no-op propagator
 * writes nothing, so nothing is stored or sent).
 */
export function currentTraceCarrier(ctx: Context = context.active()): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent ? carrier : undefined;
}

/**
 * The context a carrier describes, as a child of nothing else: a message or a row is never continued in whatever
 * context happens to be active where it is read (the relay runs after some other request's commit).
 */
export function contextFromCarrier(carrier: unknown): Context {
  if (typeof carrier !== 'object' || carrier === null) return ROOT_CONTEXT;
  const headers: TraceCarrier = {};
  for (const key of ['traceparent', 'tracestate']) {
    const value = (carrier as Record<string, unknown>)[key];
    if (typeof value === 'string') headers[key] = value;
    else if (Buffer.isBuffer(value)) headers[key] = value.toString('utf8');
  }
  return headers.traceparent ? propagation.extract(ROOT_CONTEXT, headers) : ROOT_CONTEXT;
}

export function failSpan(span: Span, err: unknown): void {
  if (err instanceof Error) span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * Runs `work` in a new span (a child of `parent`, the active context by default) and ends it when the promise
 * settles; a rejection marks the span as failed and is passed on.
 */
export async function inSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes?: Attributes; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    options.parent ?? context.active(),
    async (span) => {
      try {
        return await work(span);
      } catch (err) {
        failSpan(span, err);
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** Messaging attributes shared by RPC and event spans (OpenTelemetry messaging conventions, RabbitMQ). */
export function messagingAttributes(routingKey: string, operation: 'send' | 'publish' | 'process'): Attributes {
  return {
    'messaging.system': 'rabbitmq',
    'messaging.destination.name': 'paymarket',
    'messaging.rabbitmq.destination.routing_key': routingKey,
    'messaging.operation.type': operation,
  };
}

/**
 * A CLIENT span around one RPC; `send` gets the headers that carry it to the server (undefined when tracing is off).
 */
export function traceRpcCall<T>(pattern: string, send: (headers: TraceCarrier | undefined) => Promise<T>): Promise<T> {
  // Tracing off: the no-op span and propagator would change nothing but cost a span, a context and a closure per call.
  if (!tracingStarted()) return send(undefined);
  return inSpan(
    `send ${pattern}`,
    { kind: SpanKind.CLIENT, attributes: { ...messagingAttributes(pattern, 'send'), 'paymarket.rpc.pattern': pattern } },
    () => send(currentTraceCarrier()),
  );
}

/**
 * A PRODUCER span for one outbox row's publish, continuing the trace stored with the row (a new trace when the row
 * has none); `publish` gets the headers that carry it to the consumers.
 */
export function traceEventPublish<T>(
  eventName: string,
  eventId: string,
  stored: unknown,
  publish: (headers: TraceCarrier | undefined) => Promise<T>,
): Promise<T> {
  return inSpan(
    `publish ${eventName}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: { ...messagingAttributes(eventName, 'publish'), 'messaging.message.id': eventId },
      parent: contextFromCarrier(stored),
    },
    () => publish(currentTraceCarrier()),
  );
}

/**
 * The span a message handler runs in: SERVER for a request (RPC), CONSUMER for an event, a child of the context the
 * message carried (the caller's CLIENT span, the relay's PRODUCER span); a new trace when it carried none.
 */
export function startMessageSpan(
  pattern: string,
  isRequest: boolean,
  carrier: unknown,
  correlationId: string,
): { span: Span; context: Context } {
  const parent = contextFromCarrier(carrier);
  const span = tracer().startSpan(
    `process ${pattern}`,
    {
      kind: isRequest ? SpanKind.SERVER : SpanKind.CONSUMER,
      attributes: {
        ...messagingAttributes(pattern, 'process'),
        ...(isRequest ? { 'paymarket.rpc.pattern': pattern } : {}),
        'paymarket.correlation_id': correlationId,
      },
    },
    parent,
  );
  return { span, context: trace.setSpan(parent, span) };
}

/** `trace_id` and `span_id` of the active span for log lines; empty without one (always, when tracing is off). */
export function activeTraceIds(): { trace_id: string; span_id: string } | Record<string, never> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {};
}

/** Runs `fn` outside any trace (background work kicked from a request must not join the request's trace). */
export function outsideTrace<T>(fn: () => T): T {
  return context.with(ROOT_CONTEXT, fn);
}

/**
 * A CLIENT span for one outgoing HTTP request made on behalf of stored work (a webhook delivery row), continuing
 * the trace stored with it; `send` gets the `traceparent`/`tracestate` headers to add. Only the host is recorded,
 * never the full URL (an integrator's URL may carry a token).
 */
export function traceOutgoingRequest<T extends { ok: boolean; statusCode: number | null; error?: string }>(
  name: string,
  stored: unknown,
  request: { method: string; url: URL; attributes?: Attributes },
  send: (headers: TraceCarrier) => Promise<T>,
): Promise<T> {
  return inSpan(
    name,
    {
      kind: SpanKind.CLIENT,
      parent: contextFromCarrier(stored),
      attributes: {
        'http.request.method': request.method,
        'server.address': request.url.hostname,
        'url.scheme': request.url.protocol.replace(':', ''),
        ...request.attributes,
      },
    },
    async (span) => {
      const outcome = await send(currentTraceCarrier() ?? {});
      if (outcome.statusCode !== null) span.setAttribute('http.response.status_code', outcome.statusCode);
      if (!outcome.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error ?? `HTTP ${outcome.statusCode}` });
      return outcome;
    },
  );
}
