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
import { AUTH_MESSAGES, RpcPatterns, type SignedInBuyer } from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { requireSession } from './resolve-session.js';
import { BUYER_SESSION_COOKIE } from './session-cookies.js';
import { DocAuth } from '../openapi/describe.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by BuyerSessionGuard for routes marked @BuyerSession(). */
    buyer?: SignedInBuyer;
  }
}

/**
 * Lets a request through only with a live buyer session (`pm_session`), verified by onboarding on every request so
 * sign-out and revocation take effect at once. Anything else is 401 and the stale cookie is cleared.
 */
@Injectable()
export class BuyerSessionGuard implements CanActivate {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const session = await requireSession(this.rpc, context, {
      cookie: BUYER_SESSION_COOKIE,
      pattern: RpcPatterns.onboarding.RESOLVE_BUYER_SESSION,
      refusal: AUTH_MESSAGES.SIGN_IN_REQUIRED,
      production: this.config.production,
    });
    context.switchToHttp().getRequest<FastifyRequest>().buyer = session.buyer;
    return true;
  }
}

/** The route needs a signed-in buyer; read them with @CurrentBuyer(). */
export function BuyerSession(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(BuyerSessionGuard), DocAuth('buyerSession'));
}

/** The buyer of the session BuyerSessionGuard verified. */
export const CurrentBuyer = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInBuyer => {
  const buyer = context.switchToHttp().getRequest<FastifyRequest>().buyer;
  // Only reachable when a route forgot @BuyerSession(): refuse rather than run unauthenticated.
  if (!buyer) throw ApiError.of(401, AUTH_MESSAGES.SIGN_IN_REQUIRED);
  return buyer;
});
