import type { INestApplicationContext } from '@nestjs/common';
import { ConfigError } from '../config/load-config.js';
import { createLogger } from '../logging/logger.js';
import { startTracing, stopTracing } from '../tracing/start-tracing.js';

/**
 * Runs a process entry point: a bad configuration prints the variables at fault and exits 1; SIGTERM/SIGINT
 * close the app gracefully (in-flight messages finish, pools close) before exit.
 */
export function runMain(name: string, start: () => Promise<INestApplicationContext | { close(): Promise<void> }>): void {
  const log = createLogger(name);
  // Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (ADR 0042); started before the app opens its pg pools.
  startTracing(name);
  start()
    .then((app) => {
      let closing = false;
      const shutdown = (signal: string) => {
        if (closing) return;
        closing = true;
        log.info({ signal }, 'shutting down');
        const force = setTimeout(() => process.exit(1), 15_000);
        force.unref();
        app.close().then(
          // The last spans (the shutdown's) are flushed before exit.
          () => stopTracing().then(() => process.exit(0)),
          (err: unknown) => {
            log.error({ err }, 'error during shutdown');
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGINT', () => shutdown('SIGINT'));
    })
    .catch((err: unknown) => {
      if (err instanceof ConfigError) {
        process.stderr.write(`${name}: ${err.message}\n`);
      } else {
        log.fatal({ err }, 'failed to start');
      }
      process.exit(1);
    });
}
