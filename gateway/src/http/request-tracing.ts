import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { tracingStarted } from '@paymarket/platform';

/**
 * One SERVER span per HTTP request (ADR 0042), continuing a caller's `traceparent`; the route handler runs inside
 * it, so the RPCs it makes are its children. @fastify/otel registered as a plugin (not through a loader hook: the
 * gateway is ESM), before Nest adds its routes. Nothing is registered when tracing is off.
 */
export async function registerRequestTracing(app: NestFastifyApplication): Promise<void> {
  if (!tracingStarted()) return;
  const instrumentation = new FastifyOtelInstrumentation({
    // A span for the request and one for its handler; none per lifecycle hook (helmet, cookies, rate limits).
    instrumentHooks: false,
    ignorePaths: (route) => route.url?.startsWith('/api/health') === true,
    requestHook: (span, request) => {
      span.updateName(`${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`);
    },
  });
  await app.register(instrumentation.plugin());
}
