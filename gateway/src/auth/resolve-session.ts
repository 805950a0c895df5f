import type { ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RpcPatterns, type RpcResponse, type SignedInBuyer } from '@paymarket/contracts';
import { RpcCallError } from '@paymarket/platform';
import { ApiError } from '../http/api-error.js';
import type { GatewayRpc } from '../http/rpc.provider.js';
import { BUYER_SESSION_COOKIE, clearSessionCookie, readSessionCookie, type SessionCookie } from './session-cookies.js';

export type SessionPattern =
  | typeof RpcPatterns.onboarding.RESOLVE_BUYER_SESSION
  | typeof RpcPatterns.onboarding.RESOLVE_ADMIN_SESSION
  | typeof RpcPatterns.onboarding.RESOLVE_CONSOLE_SESSION
  | typeof RpcPatterns.payeeAuth.RESOLVE_PAYEE_SESSION;

/**
 * Asks onboarding whose live session a cookie's token is — on every request, so sign-out and revocation take
 * effect at once. Undefined when it is no live session; any other failure (onboarding unreachable) propagates.
 */
export async function resolveSession<P extends SessionPattern>(
  rpc: GatewayRpc,
  pattern: P,
  token: string,
  options: { allowPending?: boolean } = {},
): Promise<RpcResponse<P> | undefined> {
  try {
    return await rpc.call(pattern, { token, ...options });
  } catch (err) {
    if (err instanceof RpcCallError && err.kind === 'service' && err.payload.code === 'unauthorized') return undefined;
    throw err;
  }
}

/**
 * For routes open to visitors: the signed-in buyer when the request carries a live session, otherwise nobody (an
 * invalid or expired cookie reads as a visitor). Routes that need a buyer use @BuyerSession() instead.
 */
export async function optionalBuyer(rpc: GatewayRpc, request: FastifyRequest): Promise<SignedInBuyer | undefined> {
  const token = readSessionCookie(request, BUYER_SESSION_COOKIE);
  if (!token) return undefined;
  return (await resolveSession(rpc, RpcPatterns.onboarding.RESOLVE_BUYER_SESSION, token))?.buyer;
}

/**
 * The guards' common step: the live session in `cookie`, or 401 with `refusal` (and the stale cookie cleared, so the
 * browser stops sending it).
 */
export async function requireSession<P extends SessionPattern>(
  rpc: GatewayRpc,
  context: ExecutionContext,
  kind: { cookie: SessionCookie; pattern: P; refusal: string; production: boolean },
): Promise<RpcResponse<P>> {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const token = readSessionCookie(request, kind.cookie);
  if (!token) throw ApiError.of(401, kind.refusal);
  const session = await resolveSession(rpc, kind.pattern, token);
  if (!session) {
    clearSessionCookie(context.switchToHttp().getResponse<FastifyReply>(), kind.cookie, kind.production);
    throw ApiError.of(401, kind.refusal);
  }
  return session;
}
