import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { EVENT_SUBSCRIPTIONS } from '@paymarket/contracts';
import { NestFactory } from '@nestjs/core';
import { ServiceExceptionFilter } from '../errors/service-exception.filter.js';
import { NestPinoLogger } from '../logging/logger.js';
import { drainBeforeClose, InFlightTracker } from '../messaging/in-flight.js';
import { MessageInterceptor } from '../messaging/message.interceptor.js';
import { createServerStrategy, declareRpcTopology, declareTopology, SplitServerRMQ } from '../messaging/runtime.js';
import { MessageMetricsInterceptor } from '../metrics/message-metrics.interceptor.js';
import { initServiceCounters } from '../metrics/metrics.js';
import { startOpsServer } from '../metrics/ops-server.js';
import { setConsuming } from '../metrics/service-observability.js';
import type { ServiceRuntimeConfig } from './service-platform.module.js';

/** Boots one service as a Nest microservice on the configured transport; resolves once it consumes. */
export async function startServiceApp(module: DynamicModule, config: ServiceRuntimeConfig): Promise<INestMicroservice> {
  await declareTopology(config.messaging);
  const inFlight = new InFlightTracker();
  const strategy = createServerStrategy(config.messaging, config.service);
  if (strategy instanceof SplitServerRMQ) strategy.rpc.inFlight = inFlight;
  const app = await NestFactory.createMicroservice(module, {
    strategy: drainBeforeClose(strategy, inFlight),
    logger: new NestPinoLogger(config.service),
  });
  // The metrics interceptor sits inside the settling one, so it sees the handler's own result.
  app.useGlobalInterceptors(new MessageInterceptor(inFlight), new MessageMetricsInterceptor(config.service));
  initServiceCounters(config.service, EVENT_SUBSCRIPTIONS[config.service]);
  app.useGlobalFilters(new ServiceExceptionFilter());
  // Registers the handlers; then the RPC patterns go to the RPC queue and off the quorum queue (ADR 0048).
  await app.init();
  if (strategy instanceof SplitServerRMQ) await declareRpcTopology(config.messaging, config.service, strategy.rpcPatterns());
  // Up before listening: liveness answers while the service starts, readiness says 503 until it consumes.
  if (config.metricsPort !== undefined) await startOpsServer({ port: config.metricsPort });
  await app.listen();
  setConsuming(config.service, true);
  // RabbitMQ reconnects on its own; meanwhile the service is alive but not ready.
  app.status.subscribe((status) => {
    if (status === 'disconnected' || status === 'connected') setConsuming(config.service, status === 'connected');
  });
  return app;
}

/** What a service package exports so the embedded and cluster launchers can start it the same way. */
export interface ServiceDefinition {
  name: import('@paymarket/contracts').ServiceName;
  module: (config: ServiceRuntimeConfig) => DynamicModule;
}
