import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { hasCorrelationId, currentCorrelationId } from './request-context.js';
import { activeTraceIds } from '../tracing/tracing.js';

let root: Logger | undefined;

/** One structured JSON logger per process; every line carries the correlation id of the work in hand. */
export function rootLogger(): Logger {
  root ??= pino({
    level: process.env.LOG_LEVEL ?? 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['*.password', '*.secret', '*.token', '*.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    // With tracing on, lines made inside a span carry its trace_id and span_id (ADR 0042).
    mixin: () => ({ ...(hasCorrelationId() ? { correlationId: currentCorrelationId() } : {}), ...activeTraceIds() }),
  });
  return root;
}

export function createLogger(component: string): Logger {
  return rootLogger().child({ component });
}

/** Adapts pino to Nest's LoggerService so framework messages are JSON lines too. */
export class NestPinoLogger implements LoggerService {
  private readonly logger: Logger;

  constructor(component: string) {
    this.logger = createLogger(component);
  }

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, text(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    if (message instanceof Error) this.logger.error({ context, err: message }, message.message);
    else this.logger.error({ context, trace }, text(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, text(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, text(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, text(message));
  }
}

/** Nest sometimes logs objects (e.g. a broker's disconnect reason); keep them readable. */
function text(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message instanceof Error) return message.message;
  const nested = (message as { err?: unknown })?.err;
  if (nested instanceof Error) return nested.message;
  try {
    return JSON.stringify(message);
  } catch {
    return String(message);
  }
}
