import { Injectable, UseGuards, applyDecorators } from '@nestjs/common';
import { AUTH_MESSAGES, RpcPatterns, type SignedInAdmin } from '@paymarket/contracts';
import { sessionAuth } from './session-guard.js';
import { ADMIN_SESSION_COOKIE } from './session-cookies.js';
import { AuthenticatesWith } from '../openapi/describe.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by AdminSessionGuard for routes marked @Admin(). */
    admin?: SignedInAdmin;
  }
}

const adminSession = sessionAuth({
  cookie: ADMIN_SESSION_COOKIE,
  pattern: RpcPatterns.onboarding.RESOLVE_ADMIN_SESSION,
  refusal: AUTH_MESSAGES.ADMIN_REQUIRED,
  field: 'admin',
});

/**
 * Lets a request through only with a live admin session (`pm_admin`), verified by onboarding on every request so
 * sign-out and revocation take effect at once. Anything else is 401 and the stale cookie is cleared.
 */
@Injectable()
@AuthenticatesWith(['adminSession'])
export class AdminSessionGuard extends adminSession.Guard {}

/** The route needs a signed-in administrator; read them with @CurrentAdmin(). A buyer session never passes. */
export function Admin(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(AdminSessionGuard));
}

/** The administrator of the session AdminSessionGuard verified. */
export const CurrentAdmin = adminSession.Current;
