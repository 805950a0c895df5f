import type { FastifyReply } from 'fastify';
import { RpcCallError } from '@paymarket/platform';

/** Runs a service call; a `rate_limited` answer carries its wait as the Retry-After header of the 429. */
export async function withRetryAfter<T>(reply: FastifyReply, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof RpcCallError && err.kind === 'service' && err.payload.code === 'rate_limited') {
      void reply.header('retry-after', String(Math.max(1, Math.ceil(err.payload.retryAfterSeconds ?? 60))));
    }
    throw err;
  }
}
