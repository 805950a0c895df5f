import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { RateLimitName } from './rate-limit.config.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RATE_LIMIT_METADATA } from './rate-limit.tokens.js';
import { DocErrors } from '../openapi/describe.js';

/**
 * Per-IP and per-identity (the body's `email`) limits for a public route; past either one the caller gets 429 with
 * Retry-After. Limits are configured per name (`RATE_LIMIT_<NAME>`), counted in Redis when REDIS_URL is set.
 */
export function RateLimit(name: RateLimitName): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(RATE_LIMIT_METADATA, name), UseGuards(RateLimitGuard), DocErrors(429));
}
