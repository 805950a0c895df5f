import { createHash } from 'node:crypto';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createLogger, type RateLimiter, type RateLimitResult } from '@paymarket/platform';
import { ApiError } from '../http/api-error.js';
import { clientAddressOf } from '../http/client-address.js';
import type { RateLimitName, RateLimitPolicy } from './rate-limit.config.js';
import { RATE_LIMIT_METADATA, RATE_LIMITER, RATE_LIMIT_POLICIES } from './rate-limit.tokens.js';

const log = createLogger('rate-limit');

export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

/**
 * The identity a request counts against: the integrator company whose API key ApiKeyGuard verified (ADR 0032), or
 * else the email a form names, normalised the way the DTOs normalise it and never stored in clear.
 */
function identityOf(request: FastifyRequest): string | undefined {
  if (request.company) return `company:${request.company.id}`;
  const body = request.body;
  const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
  if (typeof email !== 'string' || email.trim() === '') return undefined;
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(RATE_LIMIT_POLICIES) private readonly policies: Record<RateLimitName, RateLimitPolicy>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.getAllAndOverride<RateLimitName | undefined>(RATE_LIMIT_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    const policy = name ? this.policies[name] : undefined;
    if (!name || !policy) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const checks: Array<[string, number]> = [[`${name}:ip:${clientAddressOf(request)}`, policy.perIp]];
    const identity = identityOf(request);
    if (identity) checks.push([`${name}:id:${identity}`, policy.perIdentity]);

    let results: RateLimitResult[];
    try {
      results = await Promise.all(checks.map(([key, limit]) => this.limiter.hit(key, { limit, windowMs: policy.windowMs })));
    } catch (err) {
      // Fail open: an unreachable Redis must not take sign-in down; the services' own throttles still hold.
      log.error({ err, name }, 'rate limiter unavailable; request allowed');
      return true;
    }
    const refused = results.filter((r) => !r.allowed);
    if (refused.length === 0) return true;
    const retryAfterSeconds = Math.max(1, Math.ceil(Math.max(...refused.map((r) => r.retryAfterMs)) / 1000));
    void http.getResponse<FastifyReply>().header('retry-after', String(retryAfterSeconds));
    throw ApiError.of(429, tooManyRequestsMessage(retryAfterSeconds));
  }
}
