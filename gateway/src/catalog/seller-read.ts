import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RpcPatterns } from '@paymarket/contracts';
import { acceptCorrelationId, tracingStarted, type RpcClient } from '@paymarket/platform';
import { toApiError } from '../http/api-error.js';

/** The route template Fastify matched (`SellersController.get` declares it; the OpenAPI document describes it). */
export const SELLER_ROUTE = '/api/sellers/:id';

/**
 * Answers `GET /api/sellers/:id` before Nest's router (ADR 0057): the route has no guard, no body, no pipe that
 * does anything for a path parameter, and the one global interceptor only sets the correlation id, which is passed
 * to the RPC here. The answer is the one `SellersController.get` gives: the profile (200) or the same error body
 * `ApiExceptionFilter` writes. Registered after the correlation id, cookie and security-header hooks, so it carries
 * the same headers as any other answer; `onSend` (cache-control) and `onResponse` (metrics) run as for any route.
 *
 * Not registered when tracing is on: there the Nest route answers, inside @fastify/otel's handler span, so its RPC
 * is a child of the request's span as every other route's is. HEAD goes to Nest too.
 */
export function serveSellerReads(fastify: FastifyInstance, rpc: RpcClient): void {
  if (tracingStarted()) return;
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (request.method !== 'GET' || request.routeOptions.url !== SELLER_ROUTE) return done();
    const correlationId = acceptCorrelationId(request.correlationId);
    const { id } = request.params as { id: string };
    rpc.call(RpcPatterns.catalog.GET_SELLER, { sellerId: id }, { correlationId }).then(
      (profile) => void reply.send(profile),
      (err: unknown) => {
        const body = toApiError(err, { correlationId, method: request.method, url: request.url });
        void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
      },
    );
  });
}
