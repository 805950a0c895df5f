import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

/**
 * The Idempotency-Key header, when the client sent one. The owning service validates it and runs the write once per
 * key (`Idempotency.run`, ADR 0012 and ADR 0050); the gateway only refuses the same header sent twice.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (Array.isArray(value)) throw ApiError.of(400, 'Send one Idempotency-Key header.');
  return value === undefined || value === '' ? undefined : value;
}
