import { describe, expect, it } from '@jest/globals';
import { CommonEnv } from './common-env.js';
import { ConfigError, loadConfig } from './load-config.js';

describe(loadConfig.name, () => {
  const good = { DATABASE_URL: 'postgres://u@h:5432/db', AMQP_URL: 'amqp://guest:guest@h:5672' };

  it('reads and converts valid variables, applying defaults', () => {
    const config = loadConfig(CommonEnv, { ...good, RPC_TIMEOUT_MS: '2500' });
    expect(config.RPC_TIMEOUT_MS).toBe(2500);
    expect(config.RMQ_PREFETCH).toBe(20);
    expect(config.NODE_ENV).toBe('development');
  });

  it('fails fast naming each variable at fault, without echoing values', () => {
    let error: unknown;
    try {
      loadConfig(CommonEnv, { AMQP_URL: 'http://secret-host', RPC_TIMEOUT_MS: 'soon' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('AMQP_URL');
    expect(message).toContain('RPC_TIMEOUT_MS');
    expect(message).not.toContain('secret-host');
  });
});
