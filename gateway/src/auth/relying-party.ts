import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';

export const PASSKEYS_NEED_PUBLIC_URL = 'Passkeys need PUBLIC_URL to be set on the gateway.';

/**
 * Where passkeys are bound (ADR 0072): the relying party id is PUBLIC_URL's host and the expected origin PUBLIC_URL's
 * origin. Without PUBLIC_URL (development and tests only: production refuses) the address the browser used, so
 * `http://localhost:<port>` works as it is; an IP address is never a valid relying party id, so use a host name.
 */
export function relyingPartyOf(config: GatewayConfig, request: FastifyRequest): { rpId: string; origin: string } {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { rpId: url.hostname, origin: url.origin };
  }
  if (config.production) throw ApiError.of(400, PASSKEYS_NEED_PUBLIC_URL);
  const url = new URL(`${request.protocol}://${request.host}`);
  return { rpId: url.hostname, origin: url.origin };
}
