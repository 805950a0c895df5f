import type { FastifyInstance } from 'fastify';
import { markServiceRunning, paymarketMetrics, UNKNOWN_ROUTE } from '@paymarket/platform';

/**
 * Counts every answered request by its route template (`/api/orders/:orderId`, never the raw URL: ids and
 * probing would create unbounded series), method and status; requests no route matched share one label.
 */
export function recordHttpMetrics(fastify: FastifyInstance): void {
  markServiceRunning('gateway');
  // Callback style: no promise per request on the hot path.
  fastify.addHook('onResponse', (request, reply, done) => {
    const labels = {
      service: 'gateway',
      route: request.routeOptions.url ?? UNKNOWN_ROUTE,
      method: request.method,
      status: String(reply.statusCode),
    };
    paymarketMetrics.httpRequests.inc(labels);
    paymarketMetrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
