import {
  Controller,
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { MessagePattern, RmqRecordBuilder, type ClientProxy } from '@nestjs/microservices';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { lastValueFrom, timeout } from 'rxjs';
import { DataSource } from 'typeorm';
import { healthPattern, type ServiceHealth, type ServiceName } from '@paymarket/contracts';
import { databaseIsUp, openServiceDatabase, type ServiceDatabaseOptions } from '../database/service-database.js';
import { Idempotency } from '../idempotency/idempotency.js';
import { Inbox } from '../inbox/inbox.js';
import { createLogger } from '../logging/logger.js';
import { createMessagingClient, type MessagingRuntime } from '../messaging/runtime.js';
import { RpcClient } from '../messaging/rpc-client.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import { UnitOfWork } from '../outbox/unit-of-work.js';
import { observeService } from '../metrics/service-observability.js';

/** Everything a service process needs to know about where it runs. */
export interface ServiceRuntimeConfig {
  service: ServiceName;
  databaseUrl: string;
  messaging: MessagingRuntime;
  rpcTimeoutMs: number;
  production: boolean;
  /** Poll interval of the outbox relay (it is also nudged after every commit). */
  outboxPollMs?: number;
  /** Insert demonstration data at start when the service's tables are empty (embedded launcher only; never in tests). */
  seed?: boolean;
  /** Serve /metrics and /health/* on this port (cluster mode, METRICS_PORT; 0 picks a free one). */
  metricsPort?: number;
}

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const MESSAGING_CLIENT = Symbol('MESSAGING_CLIENT');

const PUBLISH_TIMEOUT_MS = 10_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const log = createLogger('platform');

@Injectable()
class PlatformLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private unobserve: (() => void) | undefined;
  private pruning: NodeJS.Timeout | undefined;

  constructor(
    private readonly relay: OutboxRelay,
    private readonly idempotency: Idempotency,
    @Inject(MESSAGING_CLIENT) private readonly client: ClientProxy,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceRuntimeConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    this.relay.start();
    this.unobserve = observeService(this.config.service, this.dataSource);
    // Idempotency keys past their retention (24 h) are deleted hourly; a missed round is caught up by the next.
    this.pruning = setInterval(() => {
      this.idempotency.prune().catch((err: unknown) => log.warn({ err }, 'pruning idempotency keys failed'));
    }, PRUNE_EVERY_MS);
    this.pruning.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    // Not ready any more from the first moment of shutdown; the metrics stay until the process ends.
    this.unobserve?.();
    clearInterval(this.pruning);
    await this.relay.stop();
    await this.client.close();
  }
}

function createHealthController(service: ServiceName) {
  @Controller()
  class HealthController {
    constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

    @MessagePattern(healthPattern(service))
    async health(): Promise<ServiceHealth> {
      const database = (await databaseIsUp(this.dataSource)) ? 'up' : 'down';
      return { service, status: database, database };
    }
  }
  return HealthController;
}

/**
 * Wires a service to its own schema (migrated at start), the broker client, the outbox relay, the unit of work,
 * the inbox and a `<service>.health` handler. Global, so capability modules inject these directly.
 */
@Module({})
export class ServicePlatformModule {
  static forService(config: ServiceRuntimeConfig, database: Pick<ServiceDatabaseOptions, 'entities' | 'migrations'>): DynamicModule {
    const databaseOptions: ServiceDatabaseOptions = { url: config.databaseUrl, schema: config.service, ...database };
    return {
      module: ServicePlatformModule,
      global: true,
      imports: [
        // Named per service: in embedded mode five services share one process and @nestjs/typeorm's registry.
        TypeOrmModule.forRootAsync({
          name: config.service,
          useFactory: () => ({
            name: config.service,
            type: 'postgres' as const,
            url: config.databaseUrl,
            retryAttempts: 3,
            retryDelay: 1000,
          }),
          dataSourceFactory: async () => openServiceDatabase(databaseOptions),
        }),
      ],
      controllers: [createHealthController(config.service)],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: DataSource, useExisting: getDataSourceToken(config.service) },
        { provide: MESSAGING_CLIENT, useFactory: () => createMessagingClient(config.messaging) },
        {
          provide: RpcClient,
          useFactory: (client: ClientProxy) => new RpcClient(client, config.rpcTimeoutMs, config.service),
          inject: [MESSAGING_CLIENT],
        },
        {
          provide: OutboxRelay,
          useFactory: (dataSource: DataSource, client: ClientProxy) =>
            new OutboxRelay(
              dataSource,
              config.service,
              (envelope, headers) =>
                lastValueFrom(
                  // The trace context rides as message headers (both transports), the body stays the envelope.
                  client
                    .emit(envelope.name, headers ? new RmqRecordBuilder(envelope).setOptions({ headers }).build() : envelope)
                    .pipe(timeout(PUBLISH_TIMEOUT_MS)),
                  { defaultValue: undefined },
                ),
              { pollIntervalMs: config.outboxPollMs },
            ),
          inject: [DataSource, MESSAGING_CLIENT],
        },
        {
          provide: UnitOfWork,
          useFactory: (dataSource: DataSource, relay: OutboxRelay) => new UnitOfWork(dataSource, config.service, () => relay.kick()),
          inject: [DataSource, OutboxRelay],
        },
        {
          provide: Inbox,
          useFactory: (dataSource: DataSource, relay: OutboxRelay) => new Inbox(dataSource, config.service, () => relay.kick()),
          inject: [DataSource, OutboxRelay],
        },
        { provide: Idempotency, useFactory: (dataSource: DataSource) => new Idempotency(dataSource), inject: [DataSource] },
        PlatformLifecycle,
      ],
      exports: [DataSource, SERVICE_CONFIG, MESSAGING_CLIENT, RpcClient, OutboxRelay, UnitOfWork, Inbox, Idempotency],
    };
  }
}
