import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';

/** A started tracer provider: `shutdown` flushes what is still buffered. */
export interface Tracing {
  readonly serviceName: string;
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

let started: Tracing | undefined;

function register(provider: NodeTracerProvider): void {
  // A provider registered before (a test, or a preloaded SDK) would otherwise win silently.
  trace.disable();
  context.disable();
  propagation.disable();
  provider.register({
    contextManager: new AsyncLocalStorageContextManager(),
    propagator: new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  });
}

/**
 * Starts tracing for this process when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is
 * set: spans go over OTLP/HTTP, batched, named `OTEL_SERVICE_NAME` or `serviceName`. Without an endpoint nothing is
 * registered and the @opentelemetry/api stays the no-op it is by default: spans cost a function call, no carrier is
 * written. Idempotent per process. Answers undefined when tracing stays off.
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): Tracing | undefined {
  if (started) return started;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true') return undefined;
  const name = env.OTEL_SERVICE_NAME || serviceName;
  // The OTLP exporter reads the endpoint, headers and timeout from the OTEL_EXPORTER_OTLP_* variables itself.
  return startWith(name, new OTLPTraceExporter(), 'batch', true);
}

function startWith(serviceName: string, exporter: SpanExporter, mode: 'batch' | 'simple', instrument: boolean): Tracing {
  const resource = defaultResource()
    .merge(detectResources({ detectors: [envDetector] }))
    .merge(resourceFromAttributes({ 'service.name': serviceName }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [mode === 'batch' ? new BatchSpanProcessor(exporter) : new SimpleSpanProcessor(exporter)],
  });
  register(provider);
  // Our own spans (HTTP request, RPC, outbox, events, webhooks) need no instrumentation. These add pg queries (typeorm
  // loads pg with require, which require-in-the-middle sees) and outgoing HTTP of CommonJS clients loaded after
  // this point; incoming HTTP is the gateway's own span (an ESM import of node:http is not seen reliably).
  const disableInstrumentations = instrument
    ? registerInstrumentations({
        tracerProvider: provider,
        instrumentations: [
          new HttpInstrumentation({ ignoreIncomingRequestHook: () => true, requireParentforOutgoingSpans: true }),
          new PgInstrumentation({ requireParentSpan: true }),
        ],
      })
    : () => undefined;
  const tracing: Tracing = {
    serviceName,
    forceFlush: () => provider.forceFlush(),
    shutdown: async () => {
      disableInstrumentations();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      if (started === tracing) started = undefined;
    },
  };
  started = tracing;
  return tracing;
}

/** Whether this process exports spans (startTracing found an endpoint, or a test installed in-memory tracing). */
export function tracingStarted(): boolean {
  return started !== undefined;
}

/** Flushes and stops this process's tracing (a no-op when it is off); never fails (an unreachable collector). */
export async function stopTracing(): Promise<void> {
  await started?.shutdown().catch(() => undefined);
}

/** For tests: every span ends up in `exporter` at once (SimpleSpanProcessor), no instrumentation, no network. */
export interface InMemoryTracing extends Tracing {
  readonly exporter: InMemorySpanExporter;
}

/**
 * Test hook: replaces whatever tracing this process has with an in-memory exporter on a provider with the
 * AsyncLocalStorage context manager and the W3C propagator. Call `shutdown()` after the test.
 */
export function startInMemoryTracing(serviceName = 'paymarket-test'): InMemoryTracing {
  started = undefined;
  const exporter = new InMemorySpanExporter();
  const tracing = startWith(serviceName, exporter, 'simple', false);
  return Object.assign(tracing, { exporter });
}
