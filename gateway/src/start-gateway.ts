import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import { existsSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptCorrelationId, declareTopology, NestPinoLogger } from '@paymarket/platform';
import { DEFAULT_BODY_LIMIT, type GatewayConfig } from './gateway.config.js';
import { GatewayModule } from './gateway.module.js';
import { ApiExceptionFilter } from './http/api-exception.filter.js';
import { CORRELATION_HEADER, CorrelationInterceptor } from './http/correlation.interceptor.js';
import { DtoValidationPipe } from './http/dto-validation.pipe.js';
import { registerRequestTracing } from './http/request-tracing.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { recordHttpMetrics } from './http/http-metrics.js';
import { OpenApiDocumentHolder } from './openapi/openapi.controller.js';
import { serveCachedShowcase, ShowcaseCache } from './catalog/showcase-cache.js';
import { buildOpenApiDocument } from './openapi/openapi.document.js';
import { allowEmbedConfigReads } from './embed/embed-access.js';
import { serveSellerReads } from './catalog/seller-read.js';
import { GatewayRpc } from './http/rpc.provider.js';

/** A route as Fastify registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const routeTables = new WeakMap<NestFastifyApplication, RegisteredRoute[]>();

/** Every route the app registered (filled when it initialises); the OpenAPI coverage spec reads it. */
export function registeredRoutes(app: NestFastifyApplication): RegisteredRoute[] {
  return routeTables.get(app) ?? [];
}

declare module 'fastify' {
  interface FastifyRequest {
    correlationId?: string;
  }
}

/** Builds the HTTP gateway (not yet listening). */
export async function createGatewayApp(config: GatewayConfig): Promise<NestFastifyApplication> {
  await declareTopology(config.messaging);
  const adapter = new FastifyAdapter({ bodyLimit: config.bodyLimitBytes ?? DEFAULT_BODY_LIMIT, trustProxy: config.trustProxy ?? false });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config), adapter, {
    logger: new NestPinoLogger('gateway'),
    // Stripe signs the exact bytes it sent; the webhook route verifies against the raw body.
    rawBody: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  const routes: RegisteredRoute[] = [];
  routeTables.set(app, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url });
  });

  recordHttpMetrics(fastify);
  // Callback-style hooks on every request: an async hook costs a promise (and its async-hook callbacks) each time.
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    request.correlationId = acceptCorrelationId(request.headers[CORRELATION_HEADER]);
    void reply.header(CORRELATION_HEADER, request.correlationId);
    done();
  });
  // API answers carry sessions' and companies' data: no shared or browser cache keeps them, unless a route says
  // otherwise (the OpenAPI document, the reference's static files).
  fastify.addHook(
    'onSend',
    (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      done(null, payload);
    },
  );

  // With tracing on, every request is a SERVER span and its RPCs are children (before Nest adds its routes).
  await registerRequestTracing(app);
  // Session cookies (pm_session, pm_admin) are read and set through @fastify/cookie.
  await app.register(fastifyCookie);
  // Helmet's headers, computed once for these options (the plugin rebuilt them on every request; ADR 0044).
  await registerSecurityHeaders(fastify, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    hsts: config.production,
  });
  // The showcase's cached first page is answered here, with the headers above and before Nest's router (ADR 0044).
  serveCachedShowcase(fastify, app.get(ShowcaseCache));
  // The embed widget's config is read from the marketplaces' own sites (ADR 0052).
  allowEmbedConfigReads(fastify);
  // A seller's public profile, the uncached read path (bench P2), is answered before Nest's router (ADR 0057).
  serveSellerReads(fastify, app.get(GatewayRpc));

  if (config.webDist && existsSync(config.webDist)) {
    // Loaded only when there is a web build to serve (API-only test runs never need it).
    const { default: fastifyStatic } = await import('@fastify/static');
    // wildcard: false registers one route per built file, so the SPA fallback catches everything else.
    // preCompressed: the build's .br/.gz beside each asset are sent to browsers that accept them (ADR 0044).
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
    });
  }

  app.get(OpenApiDocumentHolder).set(buildOpenApiDocument(app, { publicUrl: config.publicUrl }));

  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(new DtoValidationPipe());
  app.useGlobalInterceptors(new CorrelationInterceptor());
  app.enableShutdownHooks();
  return app;
}

export async function startGateway(config: GatewayConfig): Promise<NestFastifyApplication> {
  const app = await createGatewayApp(config);
  await app.listen(config.port, config.host);
  return app;
}
