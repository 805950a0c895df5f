import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The gateway reads its own API on a person's behalf when it renders their first view (ADR 0065): those requests come
 * from the gateway's own address. They carry the address of the person they are made for, and this process's token
 * (made at start, never sent outside the process) vouches for it, so a per-IP limit counts them against that person
 * rather than against every reader of the site at once. A header without the token is ignored.
 */
export const LOOPBACK_TOKEN_HEADER = 'x-paymarket-loopback';
export const LOOPBACK_CLIENT_HEADER = 'x-paymarket-client-ip';

const TOKEN = randomBytes(24).toString('base64url');

/** The headers a loopback read made for the person at `clientIp` carries. */
export function loopbackHeaders(clientIp: string): Record<string, string> {
  return { [LOOPBACK_TOKEN_HEADER]: TOKEN, [LOOPBACK_CLIENT_HEADER]: clientIp };
}

function sameToken(sent: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(TOKEN);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The address a request counts against: its own, or for this process's loopback read, the person it was made for. */
export function clientAddressOf(request: Pick<FastifyRequest, 'ip' | 'headers'>): string {
  const token = request.headers[LOOPBACK_TOKEN_HEADER];
  const client = request.headers[LOOPBACK_CLIENT_HEADER];
  if (typeof token === 'string' && typeof client === 'string' && client !== '' && sameToken(token)) return client;
  return request.ip;
}
