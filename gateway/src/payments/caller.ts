import type { FastifyRequest } from 'fastify';
import type { Caller } from '@paymarket/contracts';
import { optionalBuyer } from '../auth/resolve-session.js';
import type { GatewayRpc } from '../http/rpc.provider.js';

/** For routes open to guests: the caller is the signed-in buyer when there is a live session, otherwise nobody. */
export async function optionalCaller(rpc: GatewayRpc, request: FastifyRequest): Promise<Caller> {
  const buyer = await optionalBuyer(rpc, request);
  return buyer ? { buyer } : {};
}

/** The site's own origin, for the return address of a 3-D Secure redirect. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
