import {
  applyDecorators,
  createParamDecorator,
  Inject,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PAYEE_AUTH_MESSAGES, RpcPatterns, type SignedInPayee } from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { DocAuth } from '../openapi/describe.js';
import { requireSession, resolveSession } from './resolve-session.js';
import { PAYEE_SESSION_COOKIE, readSessionCookie } from './session-cookies.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by PayeeSessionGuard for routes marked @PayeeSession(). */
    payee?: SignedInPayee;
  }
}

/**
 * Lets a request through only with a live payee session (`pm_payee_session`, ADR 0047), verified by onboarding on every
 * request, with the profiles the email owns read from catalog then. Anything else is 401 and the stale cookie cleared.
 */
@Injectable()
export class PayeeSessionGuard implements CanActivate {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const session = await requireSession(this.rpc, context, {
      cookie: PAYEE_SESSION_COOKIE,
      pattern: RpcPatterns.payeeAuth.RESOLVE_PAYEE_SESSION,
      refusal: PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED,
      production: this.config.production,
    });
    context.switchToHttp().getRequest<FastifyRequest>().payee = session.payee;
    return true;
  }
}

/** The route needs a signed-in seller or print provider; read it with @CurrentPayee(). */
export function PayeeSession(...codes: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(PayeeSessionGuard), DocAuth('payeeSession', ...codes));
}

/** The payee of the session PayeeSessionGuard verified. */
export const CurrentPayee = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInPayee => {
  const payee = context.switchToHttp().getRequest<FastifyRequest>().payee;
  // Only reachable when a route forgot @PayeeSession(): refuse rather than run unauthenticated.
  if (!payee) throw ApiError.of(401, PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED);
  return payee;
});

/** The signed-in payee when the request carries a live payee session, otherwise nobody (a stale cookie reads as none). */
export async function optionalPayee(rpc: GatewayRpc, request: FastifyRequest): Promise<SignedInPayee | undefined> {
  const token = readSessionCookie(request, PAYEE_SESSION_COOKIE);
  if (!token) return undefined;
  return (await resolveSession(rpc, RpcPatterns.payeeAuth.RESOLVE_PAYEE_SESSION, token))?.payee;
}
