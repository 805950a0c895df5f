import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ServiceExceptionFilter } from '../errors/service-exception.filter.js';
import { NestPinoLogger } from '../logging/logger.js';
import { drainBeforeClose, InFlightTracker } from '../messaging/in-flight.js';
import { MessageInterceptor } from '../messaging/message.interceptor.js';
import { createServerStrategy, declareTopology } from '../messaging/runtime.js';
import type { ServiceRuntimeConfig } from './service-platform.module.js';

/** Boots one service as a Nest microservice on the configured transport; resolves once it consumes. */
export async function startServiceApp(module: DynamicModule, config: ServiceRuntimeConfig): Promise<INestMicroservice> {
  await declareTopology(config.messaging);
  const inFlight = new InFlightTracker();
  const app = await NestFactory.createMicroservice(module, {
    strategy: drainBeforeClose(createServerStrategy(config.messaging, config.service), inFlight),
    logger: new NestPinoLogger(config.service),
  });
  app.useGlobalInterceptors(new MessageInterceptor(inFlight));
  app.useGlobalFilters(new ServiceExceptionFilter());
  await app.listen();
  return app;
}

/** What a service package exports so the embedded and cluster launchers can start it the same way. */
export interface ServiceDefinition {
  name: import('@paymarket/contracts').ServiceName;
  module: (config: ServiceRuntimeConfig) => DynamicModule;
}
