import type { INestApplicationContext } from '@nestjs/common';
import { PROGRAMS, refuseBadSettings, type Program } from '../../settings.mjs';
import { ConfigError } from '../config/load-config.js';
import { createLogger } from '../logging/logger.js';
import { startTracing, stopTracing } from '../tracing/start-tracing.js';

/**
 * Runs a process entry point: a bad configuration prints the variables at fault and exits 1; SIGTERM/SIGINT
 * close the app gracefully (in-flight messages finish, pools close) before exit.
 */
export function runMain(name: string, start: () => Promise<INestApplicationContext | { close(): Promise<void> }>): void {
  // Every variable this process reads, checked before tracing, pools or the app start (ADR 0067): one line, exit 1.
  refuseBadSettings(programOf(name));
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

// runMain's names are the services' own; the embedded app runs as `paymarket` and is what `npm start` starts.
function programOf(name: string): Program {
  const program = name === 'paymarket' ? 'start' : name;
  if (!(PROGRAMS as string[]).includes(program))
    throw new Error(`runMain: no settings are declared for ${name} (libs/platform/settings.mjs)`);
  return program as Program;
}
