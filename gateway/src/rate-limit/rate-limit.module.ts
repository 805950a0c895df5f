import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { createRateLimiter, loadConfig, type RateLimiter } from '@paymarket/platform';
import { rateLimitPolicies, RateLimitEnv } from './rate-limit.config.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RATE_LIMITER, RATE_LIMIT_POLICIES } from './rate-limit.tokens.js';

class RateLimiterLifecycle implements OnApplicationShutdown {
  constructor(@Inject(RATE_LIMITER) private readonly limiter: RateLimiter) {}
  async onApplicationShutdown(): Promise<void> {
    await this.limiter.close();
  }
}

function keyPrefixOf(config: RateLimitEnv): string | undefined {
  const prefix = config.RATE_LIMIT_KEY_PREFIX;
  return prefix && !prefix.endsWith(':') ? `${prefix}:` : prefix;
}

/** The gateway's rate limiter: memory in one process, Redis (REDIS_URL) across replicas. Global for the guard. */
@Global()
@Module({})
export class RateLimitModule {
  static forRoot(env: NodeJS.ProcessEnv = process.env): DynamicModule {
    const config = loadConfig(RateLimitEnv, env);
    return {
      module: RateLimitModule,
      providers: [
        { provide: RATE_LIMITER, useFactory: () => createRateLimiter({ redisUrl: config.REDIS_URL, keyPrefix: keyPrefixOf(config) }) },
        { provide: RATE_LIMIT_POLICIES, useValue: rateLimitPolicies(config) },
        RateLimitGuard,
        RateLimiterLifecycle,
      ],
      exports: [RATE_LIMITER, RATE_LIMIT_POLICIES, RateLimitGuard],
    };
  }
}
