import { describe, expect, it } from '@jest/globals';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MemoryRateLimiter } from '@paymarket/platform';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit.config.js';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard.js';
import { IntegratorOrdersController } from './integrator-orders.controller.js';

function contextFor(request: object): ExecutionContext {
  const reply = { header: () => reply };
  return {
    getHandler: () => IntegratorOrdersController.prototype.createOrder,
    getClass: () => IntegratorOrdersController,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
  } as unknown as ExecutionContext;
}

describe('the integrator API rate limit (ADR 0032)', () => {
  it('checks the API key before counting, so the limiter knows the company', () => {
    const guards = Reflect.getMetadata(GUARDS_METADATA, IntegratorOrdersController) as unknown[];
    expect(guards).toEqual([ApiKeyGuard, RateLimitGuard]);
  });

  it('counts per company key: one company past its limit gets 429, another company on the same IP does not', async () => {
    const policies = { ...DEFAULT_RATE_LIMITS, 'integrator-api': { perIp: 100, perIdentity: 2, windowMs: 60_000 } };
    const guard = new RateLimitGuard(new Reflector(), new MemoryRateLimiter(), policies);
    const acme = { ip: '10.0.0.1', headers: {}, body: {}, company: { id: 'acme' } };
    const globex = { ip: '10.0.0.1', headers: {}, body: {}, company: { id: 'globex' } };
    expect(await guard.canActivate(contextFor(acme))).toBe(true);
    expect(await guard.canActivate(contextFor(acme))).toBe(true);
    await expect(guard.canActivate(contextFor(acme))).rejects.toMatchObject({ body: { statusCode: 429 } });
    expect(await guard.canActivate(contextFor(globex))).toBe(true);
  });
});
