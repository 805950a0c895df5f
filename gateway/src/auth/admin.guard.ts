import {
  createParamDecorator,
  Inject,
  Injectable,
  UseGuards,
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, RpcPatterns, type SignedInAdmin } from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { resolveSession } from './resolve-session.js';
import { ADMIN_SESSION_COOKIE, clearSessionCookie, readSessionCookie } from './session-cookies.js';
import { AuthenticatesWith } from '../openapi/describe.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by AdminSessionGuard for routes marked @Admin(). */
    admin?: SignedInAdmin;
  }
}

/**
 * Lets a request through only with a live, fully signed-in admin session (`pm_admin`): password and second factor
 * (ADR 0072), verified by onboarding on every request so sign-out and revocation take effect at once. A session still
 * waiting for its second factor is 401 "Second factor required." (its cookie kept: the sign-in continues with it);
 * anything else is 401 and the stale cookie is cleared.
 */
@Injectable()
@AuthenticatesWith(['adminSession'])
export class AdminSessionGuard implements CanActivate {
  constructor(
    @Inject(GatewayRpc) private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = readSessionCookie(request, ADMIN_SESSION_COOKIE);
    if (!token) throw ApiError.of(401, AUTH_MESSAGES.ADMIN_REQUIRED);
    const session = await resolveSession(this.rpc, RpcPatterns.onboarding.RESOLVE_ADMIN_SESSION, token, { allowPending: true });
    if (!session) {
      clearSessionCookie(context.switchToHttp().getResponse<FastifyReply>(), ADMIN_SESSION_COOKIE, this.config.production);
      throw ApiError.of(401, AUTH_MESSAGES.ADMIN_REQUIRED);
    }
    if (session.secondFactor !== 'verified') throw ApiError.of(401, AUTH_MESSAGES.SECOND_FACTOR_REQUIRED);
    request.admin = session.admin;
    return true;
  }
}

/** The route needs a fully signed-in administrator; read them with @CurrentAdmin(). A buyer session never passes. */
export function Admin(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(AdminSessionGuard));
}

/** The administrator of the session AdminSessionGuard verified. */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInAdmin => {
  const admin = context.switchToHttp().getRequest<FastifyRequest>().admin;
  // Only reachable when a route forgot @Admin(): refuse rather than run unauthenticated.
  if (!admin) throw ApiError.of(401, AUTH_MESSAGES.ADMIN_REQUIRED);
  return admin;
});
