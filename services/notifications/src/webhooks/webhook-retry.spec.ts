import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@paymarket/platform';
import { DEFAULT_RETRY_SCHEDULE_MS, deliverySettings, nextRetryDelayMs, parseRetrySchedule, WebhooksEnv } from './webhook-retry.js';

describe(nextRetryDelayMs.name, () => {
  it('backs off 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h, and gives up at the maximum attempts', () => {
    const delays = Array.from({ length: 8 }, (_, i) => nextRetryDelayMs(i + 1, DEFAULT_RETRY_SCHEDULE_MS, 8));
    expect(delays).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 43_200_000, null]);
  });

  it('gives up after the first attempt when only one is allowed', () => {
    expect(nextRetryDelayMs(1, [1000], 1)).toBeNull();
    expect(nextRetryDelayMs(1, [], 5)).toBeNull();
  });
});

describe('webhook delivery settings', () => {
  it('defaults to the production schedule, 8 attempts, a 10 s timeout, 30 days kept, disabled after 5 days failing', () => {
    expect(deliverySettings(loadConfig(WebhooksEnv, {}))).toEqual({
      retryScheduleMs: [...DEFAULT_RETRY_SCHEDULE_MS],
      maxAttempts: 8,
      timeoutMs: 10_000,
      pollMs: 5_000,
      retentionDays: 30,
      maintenanceMs: 15 * 60_000,
      disableAfterMs: 5 * 86_400_000,
    });
  });

  it('reads a shorter schedule for tests and refuses nonsense', () => {
    const env = loadConfig(WebhooksEnv, {
      WEBHOOK_RETRY_SCHEDULE_MS: '200, 400',
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_POLL_MS: '100',
    });
    expect(deliverySettings(env)).toMatchObject({ retryScheduleMs: [200, 400], maxAttempts: 3, timeoutMs: 1000, pollMs: 100 });
    expect(() => loadConfig(WebhooksEnv, { WEBHOOK_RETENTION_DAYS: '0' })).toThrow(/WEBHOOK_RETENTION_DAYS/);
    expect(() => loadConfig(WebhooksEnv, { WEBHOOK_DISABLE_AFTER_MS: 'soon' })).toThrow(/WEBHOOK_DISABLE_AFTER_MS/);
    expect(() => loadConfig(WebhooksEnv, { WEBHOOK_RETRY_SCHEDULE_MS: 'soon' })).toThrow(/WEBHOOK_RETRY_SCHEDULE_MS/);
    expect(() => loadConfig(WebhooksEnv, { WEBHOOK_MAX_ATTEMPTS: '0' })).toThrow(/WEBHOOK_MAX_ATTEMPTS/);
    expect(parseRetrySchedule('0,1')).toBeNull();
  });
});
