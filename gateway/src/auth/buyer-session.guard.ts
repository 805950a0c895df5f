import { Injectable, UseGuards, applyDecorators } from '@nestjs/common';
import { AUTH_MESSAGES, RpcPatterns, type SignedInBuyer } from '@paymarket/contracts';
import { sessionAuth } from './session-guard.js';
import { BUYER_SESSION_COOKIE } from './session-cookies.js';
import { AuthenticatesWith } from '../openapi/describe.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by BuyerSessionGuard for routes marked @BuyerSession(). */
    buyer?: SignedInBuyer;
  }
}

const buyerSession = sessionAuth({
  cookie: BUYER_SESSION_COOKIE,
  pattern: RpcPatterns.onboarding.RESOLVE_BUYER_SESSION,
  refusal: AUTH_MESSAGES.SIGN_IN_REQUIRED,
  field: 'buyer',
});

/**
 * Lets a request through only with a live buyer session (`pm_session`), verified by onboarding on every request so
 * sign-out and revocation take effect at once. Anything else is 401 and the stale cookie is cleared.
 */
@Injectable()
@AuthenticatesWith(['buyerSession'])
export class BuyerSessionGuard extends buyerSession.Guard {}

/** The route needs a signed-in buyer; read them with @CurrentBuyer(). */
export function BuyerSession(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(BuyerSessionGuard));
}

/** The buyer of the session BuyerSessionGuard verified. */
export const CurrentBuyer = buyerSession.Current;
