import { applyDecorators, Injectable, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PAYEE_AUTH_MESSAGES, RpcPatterns, type SignedInPayee } from '@paymarket/contracts';
import type { GatewayRpc } from '../http/rpc.provider.js';
import { AuthenticatesWith, DocErrors } from '../openapi/describe.js';
import { resolveSession } from './resolve-session.js';
import { PAYEE_SESSION_COOKIE, readSessionCookie } from './session-cookies.js';
import { sessionAuth } from './session-guard.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by PayeeSessionGuard for routes marked @PayeeSession(). */
    payee?: SignedInPayee;
  }
}

const payeeSession = sessionAuth({
  cookie: PAYEE_SESSION_COOKIE,
  pattern: RpcPatterns.payeeAuth.RESOLVE_PAYEE_SESSION,
  refusal: PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED,
  field: 'payee',
});

/**
 * Lets a request through only with a live payee session (`pm_payee_session`, ADR 0047), verified by onboarding on every
 * request, with the profiles the email owns read from catalog then. Anything else is 401 and the stale cookie cleared.
 */
@Injectable()
@AuthenticatesWith(['payeeSession'])
export class PayeeSessionGuard extends payeeSession.Guard {}

/** The route needs a signed-in seller or print provider; read it with @CurrentPayee(). `codes`: the route's other refusals. */
export function PayeeSession(...codes: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(PayeeSessionGuard), DocErrors(...codes));
}

/** The payee of the session PayeeSessionGuard verified. */
export const CurrentPayee = payeeSession.Current;

/** The signed-in payee when the request carries a live payee session, otherwise nobody (a stale cookie reads as none). */
export async function optionalPayee(rpc: GatewayRpc, request: FastifyRequest): Promise<SignedInPayee | undefined> {
  const token = readSessionCookie(request, PAYEE_SESSION_COOKIE);
  if (!token) return undefined;
  return (await resolveSession(rpc, RpcPatterns.payeeAuth.RESOLVE_PAYEE_SESSION, token))?.payee;
}
