import { createParamDecorator, Injectable, UseGuards, applyDecorators, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, API_KEY_MESSAGES_V1, RpcPatterns, type ApiAccountResponse } from '@paymarket/contracts';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { bearerToken } from './seller-token.guard.js';
import { AuthenticatesWith } from '../openapi/describe.js';
import { resolveSession } from './resolve-session.js';
import { CONSOLE_SESSION_COOKIE, readSessionCookie } from './session-cookies.js';

/** The integrator company a request acts for, and how it proved it (ADR 0037). */
export type ApiCompany = ApiAccountResponse['company'] & {
  livemode: boolean;
  access: 'full' | 'read_only';
  via: 'api_key' | 'console';
  /** The API key that called; null for the developer console's session. */
  keyId: string | null;
  /** The console's signed-in contact (the company's email); null for an API key. For the audit trail (ADR 0075). */
  consoleEmail: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by ApiKeyGuard for routes marked @ApiKey(). */
    company?: ApiCompany;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Lets a request through as an approved company: with one of its secret keys (`Authorization: Bearer sk_…`, checked
 * by onboarding on every request, so a revoked or expired key stops at once) or with the developer console's session
 * cookie (`pm_console`). A bearer header, when present, decides alone. A read-only key may only read (GET).
 */
@Injectable()
@AuthenticatesWith(['apiKey', 'consoleSession'], [401, 403])
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly rpc: GatewayRpc) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.company = await this.companyOf(request);
    if (request.company.access === 'read_only' && !READ_METHODS.has(request.method)) throw ApiError.of(403, API_KEY_MESSAGES_V1.READ_ONLY);
    return true;
  }

  private async companyOf(request: FastifyRequest): Promise<ApiCompany> {
    if (request.headers.authorization !== undefined) {
      const secretKey = bearerToken(request.headers.authorization);
      if (!secretKey) throw ApiError.of(401, API_KEY_MESSAGES.REQUIRED);
      const account = await this.rpc.call(RpcPatterns.onboarding.AUTHENTICATE_API_KEY, { secretKey });
      return {
        ...account.company,
        livemode: account.livemode,
        access: account.access,
        via: 'api_key',
        keyId: account.keyId,
        consoleEmail: null,
      };
    }
    const token = readSessionCookie(request, CONSOLE_SESSION_COOKIE);
    const session = token ? await resolveSession(this.rpc, RpcPatterns.onboarding.RESOLVE_CONSOLE_SESSION, token) : undefined;
    if (!session) throw ApiError.of(401, API_KEY_MESSAGES.REQUIRED);
    const { company } = session;
    return {
      id: company.id,
      name: company.name,
      website: company.website,
      apiKey: company.apiKey,
      livemode: company.livemode,
      access: 'full',
      via: 'console',
      keyId: null,
      consoleEmail: company.email,
    };
  }
}

/** The route is part of the integrator API: a company's secret key or its console session; read it with @CurrentCompany(). */
export function ApiKey(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(ApiKeyGuard));
}

/** The company ApiKeyGuard verified. */
export const CurrentCompany = createParamDecorator((_data: unknown, context: ExecutionContext): ApiCompany => {
  const company = context.switchToHttp().getRequest<FastifyRequest>().company;
  // Only reachable when a route forgot @ApiKey(): refuse rather than run unauthenticated.
  if (!company) throw ApiError.of(401, API_KEY_MESSAGES.REQUIRED);
  return company;
});
