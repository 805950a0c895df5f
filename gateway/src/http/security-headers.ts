import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

// Headers of the probe's own answer, not helmet's.
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The headers @fastify/helmet sets for these options, read once from a probe app. The plugin rebuilds helmet's
 * middleware (parsing the CSP) on every request, which cost about a tenth of a cached read's CPU (ADR 0044);
 * with no per-route options and no CSP nonces its headers are the same on every answer.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  // A real request on loopback (inject's light-my-request does not load under jest's ESM mode).
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', () => 'probe');
  const url = await probe.listen({ port: 0, host: '127.0.0.1' });
  try {
    const answer = await fetch(url);
    await answer.arrayBuffer();
    return Object.fromEntries([...answer.headers].filter(([name]) => !NOT_HELMET.has(name)));
  } finally {
    await probe.close();
  }
}

/** Sets helmet's headers (computed once) on every answer. */
export async function registerSecurityHeaders(fastify: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  fastify.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    void reply.headers(headers);
    done();
  });
}
