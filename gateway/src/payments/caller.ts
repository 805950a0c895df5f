import type { FastifyRequest } from 'fastify';
import type { Caller } from '@paymarket/contracts';
import { optionalBuyer } from '../auth/resolve-session.js';
import { ApiError } from '../http/api-error.js';
import type { GatewayRpc } from '../http/rpc.provider.js';

/** For routes open to guests: the caller is the signed-in buyer when there is a live session, otherwise nobody. */
export async function optionalCaller(rpc: GatewayRpc, request: FastifyRequest): Promise<Caller> {
  const buyer = await optionalBuyer(rpc, request);
  return buyer ? { buyer } : {};
}

/** The Idempotency-Key header, when the client sent one (validated by the payments service). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (Array.isArray(value)) throw ApiError.of(400, 'Send one Idempotency-Key header.');
  return value === undefined || value === '' ? undefined : value;
}

/** The site's own origin, for the return address of a 3-D Secure redirect. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
