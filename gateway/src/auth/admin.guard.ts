import {
  createParamDecorator,
  Inject,
  Injectable,
  UseGuards,
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, RpcPatterns, type SignedInAdmin } from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { requireSession } from './resolve-session.js';
import { ADMIN_SESSION_COOKIE } from './session-cookies.js';
import { DocAuth } from '../openapi/describe.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by AdminSessionGuard for routes marked @Admin(). */
    admin?: SignedInAdmin;
  }
}

/**
 * Lets a request through only with a live admin session (`pm_admin`), verified by onboarding on every request so
 * sign-out and revocation take effect at once. Anything else is 401 and the stale cookie is cleared.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const session = await requireSession(this.rpc, context, {
      cookie: ADMIN_SESSION_COOKIE,
      pattern: RpcPatterns.onboarding.RESOLVE_ADMIN_SESSION,
      refusal: AUTH_MESSAGES.ADMIN_REQUIRED,
      production: this.config.production,
    });
    context.switchToHttp().getRequest<FastifyRequest>().admin = session.admin;
    return true;
  }
}

/** The route needs a signed-in administrator; read them with @CurrentAdmin(). A buyer session never passes. */
export function Admin(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(AdminSessionGuard), DocAuth('adminSession'));
}

/** The administrator of the session AdminSessionGuard verified. */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInAdmin => {
  const admin = context.switchToHttp().getRequest<FastifyRequest>().admin;
  // Only reachable when a route forgot @Admin(): refuse rather than run unauthenticated.
  if (!admin) throw ApiError.of(401, AUTH_MESSAGES.ADMIN_REQUIRED);
  return admin;
});
