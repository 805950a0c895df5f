import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@paymarket/platform';
import { DEFAULT_RATE_LIMITS, rateLimitPolicies, RateLimitEnv } from './rate-limit.config.js';

describe('rate-limit env', () => {
  it('applies RATE_LIMIT_<NAME> overrides over the defaults', () => {
    const policies = rateLimitPolicies(loadConfig(RateLimitEnv, { RATE_LIMIT_PUBLIC_FORM: '5,2,60' }));
    expect(policies['public-form']).toEqual({ perIp: 5, perIdentity: 2, windowMs: 60_000 });
    expect(policies['sign-in-code']).toEqual(DEFAULT_RATE_LIMITS['sign-in-code']);
  });

  it('accepts a key prefix and refuses one with spaces, naming the variable', () => {
    expect(loadConfig(RateLimitEnv, { RATE_LIMIT_KEY_PREFIX: 'shop-eu:rl' }).RATE_LIMIT_KEY_PREFIX).toBe('shop-eu:rl');
    expect(() => loadConfig(RateLimitEnv, { RATE_LIMIT_KEY_PREFIX: 'two words' })).toThrow(ConfigError);
    expect(() => loadConfig(RateLimitEnv, { RATE_LIMIT_KEY_PREFIX: 'two words' })).toThrow(/RATE_LIMIT_KEY_PREFIX/);
  });

  it('refuses a malformed policy, naming the variable and the format', () => {
    expect(() => loadConfig(RateLimitEnv, { RATE_LIMIT_SIGN_IN_CODE: '20/5' })).toThrow(
      /RATE_LIMIT_SIGN_IN_CODE must be "perIp,perIdentity,windowSeconds"/,
    );
  });
});
