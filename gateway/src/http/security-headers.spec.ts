import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { registerSecurityHeaders } from './security-headers.js';

const OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      upgradeInsecureRequests: null,
    },
  },
  hsts: false,
};

async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<void>, method: 'GET' | 'POST', url: string) {
  const app = Fastify();
  await register(app);
  app.get('/json', () => ({ ok: true }));
  app.post('/form', () => 'done');
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const answer = await fetch(`${base}${url}`, { method });
    await answer.arrayBuffer();
    const { date: _date, 'content-length': _length, ...rest } = Object.fromEntries(answer.headers);
    return { status: answer.status, headers: rest };
  } finally {
    await app.close();
  }
}

describe('registerSecurityHeaders', () => {
  it.each([
    ['GET', '/json'],
    ['POST', '/form'],
    ['GET', '/missing'],
  ] as const)('sets exactly what @fastify/helmet sets (%s %s)', async (method, url) => {
    const expected = await headersOf(async (app) => void (await app.register(helmet, OPTIONS)), method, url);
    const actual = await headersOf((app) => registerSecurityHeaders(app, OPTIONS), method, url);
    expect(actual).toEqual(expected);
    expect(actual.headers['content-security-policy']).toContain('script-src');
  });
});
