import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

/** Default wait before the 2nd, 3rd, … attempt: 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h (capped). */
export const DEFAULT_RETRY_SCHEDULE_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000] as const;

/**
 * How long to wait after the `attempts`-th failed attempt (1-based) before the next one; the last entry of the
 * schedule repeats (the cap). Null when `maxAttempts` is reached: the delivery has failed for good.
 */
export function nextRetryDelayMs(attempts: number, schedule: readonly number[], maxAttempts: number): number | null {
  if (attempts >= maxAttempts || schedule.length === 0) return null;
  return schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1]!;
}

/** Parses "60000,300000,…" (milliseconds); null when it is not a non-empty list of positive integers. */
export function parseRetrySchedule(raw: string): number[] | null {
  const values = raw.split(',').map((v) => v.trim());
  if (values.length === 0 || values.some((v) => !/^\d{1,10}$/.test(v) || Number(v) <= 0)) return null;
  return values.map(Number);
}

/** Delivery tuning (ADR 0033); tests shorten the schedule, the request timeout and the poll interval. */
export class WebhooksEnv {
  @IsOptional()
  @Matches(/^\s*\d{1,10}\s*(,\s*\d{1,10}\s*)*$/, { message: 'WEBHOOK_RETRY_SCHEDULE_MS must be a comma-separated list of milliseconds' })
  WEBHOOK_RETRY_SCHEDULE_MS: string = DEFAULT_RETRY_SCHEDULE_MS.join(',');

  @IsOptional()
  @IsInt({ message: 'WEBHOOK_MAX_ATTEMPTS must be an integer' })
  @Min(1, { message: 'WEBHOOK_MAX_ATTEMPTS must be at least 1' })
  @Max(50, { message: 'WEBHOOK_MAX_ATTEMPTS must be at most 50' })
  WEBHOOK_MAX_ATTEMPTS: number = 8;

  @IsOptional()
  @IsInt({ message: 'WEBHOOK_TIMEOUT_MS must be an integer' })
  @Min(100, { message: 'WEBHOOK_TIMEOUT_MS must be at least 100' })
  @Max(60_000, { message: 'WEBHOOK_TIMEOUT_MS must be at most 60000' })
  WEBHOOK_TIMEOUT_MS: number = 10_000;

  @IsOptional()
  @IsInt({ message: 'WEBHOOK_POLL_MS must be an integer' })
  @Min(50, { message: 'WEBHOOK_POLL_MS must be at least 50' })
  WEBHOOK_POLL_MS: number = 5_000;

  @IsOptional()
  @IsInt({ message: 'WEBHOOK_RETENTION_DAYS must be an integer' })
  @Min(1, { message: 'WEBHOOK_RETENTION_DAYS must be at least 1' })
  @Max(365, { message: 'WEBHOOK_RETENTION_DAYS must be at most 365' })
  WEBHOOK_RETENTION_DAYS: number = 30;

  @IsOptional()
  @IsInt({ message: 'WEBHOOK_MAINTENANCE_MS must be an integer' })
  @Min(50, { message: 'WEBHOOK_MAINTENANCE_MS must be at least 50' })
  WEBHOOK_MAINTENANCE_MS: number = 15 * 60_000;

  @IsOptional()
  @IsInt({ message: 'WEBHOOK_DISABLE_AFTER_MS must be an integer' })
  @Min(1, { message: 'WEBHOOK_DISABLE_AFTER_MS must be at least 1' })
  WEBHOOK_DISABLE_AFTER_MS: number = 5 * 86_400_000;
}

export interface WebhookDeliverySettings {
  retryScheduleMs: number[];
  maxAttempts: number;
  timeoutMs: number;
  pollMs: number;
  /** Deliveries and events older than this are removed. */
  retentionDays: number;
  /** How often the maintenance job (retention, disabling failing endpoints) runs. */
  maintenanceMs: number;
  /** An endpoint failing continuously for this long is disabled and its company emailed. */
  disableAfterMs: number;
}

export function deliverySettings(env: WebhooksEnv): WebhookDeliverySettings {
  return {
    retryScheduleMs: parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE_MS) ?? [...DEFAULT_RETRY_SCHEDULE_MS],
    maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    pollMs: env.WEBHOOK_POLL_MS,
    retentionDays: env.WEBHOOK_RETENTION_DAYS,
    maintenanceMs: env.WEBHOOK_MAINTENANCE_MS,
    disableAfterMs: env.WEBHOOK_DISABLE_AFTER_MS,
  };
}
