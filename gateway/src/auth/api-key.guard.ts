import { createParamDecorator, Injectable, UseGuards, applyDecorators, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, RpcPatterns, type ApiAccountResponse } from '@paymarket/contracts';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { bearerToken } from './seller-token.guard.js';
import { DocAuth } from '../openapi/describe.js';

/** The integrator company an API secret key belongs to. */
export type ApiCompany = ApiAccountResponse['company'] & { livemode: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by ApiKeyGuard for routes marked @ApiKey(). */
    company?: ApiCompany;
  }
}

/**
 * Lets a request through only with an approved company's secret key (`Authorization: Bearer sk_…`), checked by
 * onboarding (which keeps only the key's hash) on every request, so a revoked key stops working at once.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly rpc: GatewayRpc) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const secretKey = bearerToken(request.headers.authorization);
    if (!secretKey) throw ApiError.of(401, API_KEY_MESSAGES.REQUIRED);
    const account = await this.rpc.call(RpcPatterns.onboarding.AUTHENTICATE_API_KEY, { secretKey });
    request.company = { ...account.company, livemode: account.livemode };
    return true;
  }
}

/** The route is part of the integrator API: it needs a company's secret key; read the company with @CurrentCompany(). */
export function ApiKey(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(ApiKeyGuard), DocAuth('apiKey'));
}

/** The company whose key ApiKeyGuard verified. */
export const CurrentCompany = createParamDecorator((_data: unknown, context: ExecutionContext): ApiCompany => {
  const company = context.switchToHttp().getRequest<FastifyRequest>().company;
  // Only reachable when a route forgot @ApiKey(): refuse rather than run unauthenticated.
  if (!company) throw ApiError.of(401, API_KEY_MESSAGES.REQUIRED);
  return company;
});
