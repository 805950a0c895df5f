import { randomBytes } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { STRIPE_WEBHOOK_EVENTS } from '@paymarket/contracts';
import { DEFAULT_BODY_LIMIT, startGateway } from '@paymarket/gateway';
import { catalogService } from '@paymarket/catalog';
import { notificationsService } from '@paymarket/notifications';
import { onboardingService } from '@paymarket/onboarding';
import { createPaymentsService, paymentsService, type StripeConfig } from '@paymarket/payments';
import { requestsService } from '@paymarket/requests';
import { startStripeEmulator, type StripeEmulator } from '@paymarket/stripe-emulator';
import {
  createLogger,
  InProcessBroker,
  startOpsServer,
  startEmbeddedPostgres,
  startServiceApp,
  type MessagingRuntime,
  type ServiceDefinition,
} from '@paymarket/platform';
import { observeEmbedded } from './embedded-metrics.js';

export const ALL_SERVICES: readonly ServiceDefinition[] = [
  onboardingService,
  catalogService,
  paymentsService,
  requestsService,
  notificationsService,
];

export interface EmbeddedOptions {
  port: number;
  host: string;
  production: boolean;
  /** An existing PostgreSQL; without it an embedded one starts on `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  webDist?: string;
  /** Folder of the packed SDK the gateway serves at /sdk/ (libs/sdk/pack after `npm run build`). */
  sdkPackDir?: string;
  /** Where integrators reach this PayMarket (PUBLIC_URL): the OpenAPI document's server and the SDK's install URL. */
  publicUrl?: string;
  /** Defaults to a fresh in-process broker; tests pass RabbitMQ to run the same stack over the real transport. */
  messaging?: MessagingRuntime;
  /** Demonstration data in empty tables (catalog sellers and providers, buyer requests); the launcher sets it, tests never do. */
  seed?: boolean;
  /** Real Stripe (or another endpoint) for payments; without it a local Stripe emulator starts on a free port. */
  stripe?: StripeConfig;
  /** Where the local Stripe emulator keeps its state across restarts; in memory only without it (tests). */
  stripeStateFile?: string;
  /** Believe X-Forwarded-For (behind a proxy; tests use it to act as many clients). */
  trustProxy?: boolean;
  /** Serve /metrics and /health/* for the whole process on this port (0: a free one); none without it. */
  metricsPort?: number;
  /** EMBED_TOKEN_SECRET (ADR 0052): required in production; the fixed development secret without it otherwise. */
  embedTokenSecret?: string;
}

export interface EmbeddedPayMarket {
  url: string;
  databaseUrl: string;
  messaging: MessagingRuntime;
  /** The Stripe emulator payments talks to (absent when `stripe` pointed elsewhere). */
  stripeEmulator?: StripeEmulator;
  /** The ops server (one registry for every service of this process), when metricsPort was given. */
  metricsUrl?: string;
  close(): Promise<void>;
}

const log = createLogger('embedded');

/** Embedded mode: the gateway and all five services in this one process, on one in-process broker. */
export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedPayMarket> {
  const database = options.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: options.dataDir });
  const databaseUrl = options.databaseUrl ?? database!.url;
  const messaging: MessagingRuntime = options.messaging ?? { kind: 'in-process', broker: new InProcessBroker(), prefetch: 20 };
  const services: INestMicroservice[] = [];
  // Payments talks to the emulator unless real Stripe is configured; its webhooks go to the gateway once it listens.
  const stripeEmulator = options.stripe
    ? undefined
    : await startStripeEmulator({ port: 0, logger: createLogger('stripe-emulator'), stateFile: options.stripeStateFile });
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const stripe = options.stripe ?? { secretKey: 'sk_test_emulator', apiUrl: stripeEmulator!.url, webhookSecret };
  try {
    for (const definition of ALL_SERVICES) {
      const config = {
        service: definition.name,
        databaseUrl,
        messaging,
        rpcTimeoutMs: 10_000,
        production: options.production,
        outboxPollMs: 1_000,
        seed: options.seed === true,
      };
      const service = definition.name === 'payments' ? createPaymentsService(stripe) : definition;
      services.push(await startServiceApp(service.module(config), config));
    }
    const gateway = await startGateway({
      port: options.port,
      host: options.host,
      messaging,
      rpcTimeoutMs: 10_000,
      production: options.production,
      webDist: options.webDist,
      sdkPackDir: options.sdkPackDir,
      publicUrl: options.publicUrl,
      bodyLimitBytes: DEFAULT_BODY_LIMIT,
      trustProxy: options.trustProxy ?? false,
      embedTokenSecret: options.embedTokenSecret,
    });
    const address = gateway.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const url = `http://localhost:${port}`;
    await stripeEmulator?.setWebhookEndpoint({
      url: `http://127.0.0.1:${port}/api/stripe/webhook`,
      secret: webhookSecret,
      enabledEvents: STRIPE_WEBHOOK_EVENTS,
    });
    const unobserve = observeEmbedded(messaging, () => gateway.getHttpServer().listening);
    const ops = options.metricsPort === undefined ? undefined : await startOpsServer({ port: options.metricsPort });
    log.info({ url }, 'PayMarket is ready');
    return {
      url,
      databaseUrl,
      messaging,
      stripeEmulator,
      metricsUrl: ops?.url,
      close: async () => {
        unobserve();
        await ops?.close();
        await gateway.close();
        for (const service of services.reverse()) await service.close();
        await stripeEmulator?.close();
        await database?.stop();
      },
    };
  } catch (err) {
    for (const service of services.reverse()) await service.close().catch(() => undefined);
    await stripeEmulator?.close();
    await database?.stop();
    throw err;
  }
}
