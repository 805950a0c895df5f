import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { InProcessBroker } from '@paymarket/platform';
import { RpcPatterns, type EmbedMarketplace } from '@paymarket/contracts';
import { DEFAULT_BODY_LIMIT } from '../gateway.config.js';
import { fakeServices } from './testing/fake-services.js';
import { WidgetBundle } from './widget.controller.js';

jest.setTimeout(60_000);

// Jest cannot load @fastify/static (it requires an ESM-only dependency): a stand-in registers one route per file, as
// the real one does with `wildcard: false`, so unknown paths still reach the SPA fallback as in production.
const TYPES: Record<string, string> = { '.js': 'application/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8' };
jest.unstable_mockModule('@fastify/static', () => ({
  default: async (fastify: FastifyInstance, options: { root: string }) => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    for (const file of walk(options.root)) {
      fastify.get(`/${relative(options.root, file)}`, (_request, reply) => {
        void reply.type(TYPES[extname(file)] ?? 'application/octet-stream').send(readFileSync(file));
      });
    }
  },
}));
const { createGatewayApp } = await import('../start-gateway.js');

const VERSION = '0123456789abcdef';
const WIDGET = `/*! PayMarket widget ${VERSION} */\n(function(){${'var a=1;'.repeat(300)}})();\n`;
const INDEX_HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

const SHOP: EmbedMarketplace = {
  id: '3f0c8a4e-2b1d-4c5e-9f6a-7b8c9d0e1f2a',
  companyId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  domains: ['shop.example.test'],
  displayName: 'Shop Example',
  accentColor: null,
  logoUrl: null,
  customBranding: false,
  acceptingOrders: true,
  notice: null,
  version: 1,
};

/** Supertest's answer body as bytes, whatever its type (it does not decode JavaScript as text). */
function bytes(call: request.Test): request.Test {
  return call.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

// The real gateway over HTTP with a web build of its own (index.html, a real asset, the widget, the documentation).
describe('the widget script, unknown files and the checkout frame over HTTP (ADR 0052)', () => {
  const broker = new InProcessBroker();
  const services = fakeServices(broker, {
    [RpcPatterns.onboarding.EMBED_MARKETPLACE]: ({ domain }: { domain: string }) => (domain === 'shop.example.test' ? SHOP : null),
  });
  const dist = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'widget'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'documentation.html'), '<!doctype html><h1>PayMarket developer documentation</h1>');
    writeFileSync(join(dist, 'assets', 'index-A.js'), 'console.log("app")');
    writeFileSync(join(dist, 'widget', 'paymarket-widget.js'), WIDGET);
    app = await createGatewayApp({
      port: 0,
      host: '127.0.0.1',
      production: false,
      rpcTimeoutMs: 2_000,
      bodyLimitBytes: DEFAULT_BODY_LIMIT,
      webDist: dist,
      messaging: { kind: 'in-process', broker, prefetch: 10 },
    });
    await app.listen(0, '127.0.0.1');
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    services.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('GET /widget.js', () => {
    it('is the built script as JavaScript, revalidated every five minutes, loadable from any site', async () => {
      const response = await bytes(request(url).get('/widget.js').set('Accept-Encoding', 'identity')).expect(200);

      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers.etag).toBe(`"${VERSION}"`);
      expect(response.headers['x-paymarket-widget-version']).toBe(VERSION);
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect((response.body as Buffer).toString('utf8')).toBe(WIDGET);
    });

    it('answers HEAD (curl -sI) with 200 JavaScript', async () => {
      const response = await request(url).head('/widget.js').expect(200);
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    });

    it('answers 304 without a body to a cache holding this version', async () => {
      const response = await request(url).get('/widget.js').set('If-None-Match', `"${VERSION}"`).expect(304);
      expect(response.text ?? '').toBe('');
      await bytes(request(url).get('/widget.js').set('If-None-Match', '"older"')).expect(200);
    });

    it('is sent compressed to browsers that accept it', async () => {
      // Raw bytes: supertest and fetch would decompress them on the way.
      const { headers, body } = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(`${url}/widget.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
      expect(headers['content-encoding']).toBe('gzip');
      expect(body.length).toBeLessThan(Buffer.byteLength(WIDGET));
      expect(gunzipSync(body).toString('utf8')).toBe(WIDGET);
    });

    it('is the same bytes at /widget/<version>.js, cached for good', async () => {
      const response = await bytes(request(url).get(`/widget/${VERSION}.js`).set('Accept-Encoding', 'identity')).expect(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect((response.body as Buffer).toString('utf8')).toBe(WIDGET);
    });

    it('has no other version', async () => {
      const response = await request(url).get('/widget/fedcba9876543210.js').expect(404);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    });
  });

  describe('unknown files', () => {
    it.each(['/nope.js', '/assets/index-OLD.js', '/styles.css', '/logo.png'])('answers %s with a plain 404, not the app', async (path) => {
      const response = await request(url).get(path).expect(404);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.text).toBe(`Not found: ${path}`);
    });

    it('still serves the real files and the app pages', async () => {
      expect((await request(url).get('/assets/index-A.js').expect(200)).headers['content-type']).toMatch(/javascript/);
      expect((await request(url).get('/documentation.html').expect(200)).text).toContain('PayMarket developer documentation');
      expect((await request(url).get('/orders').expect(200)).headers['content-type']).toBe('text/html; charset=utf-8');
      expect((await request(url).get('/api/nope.js').expect(404)).headers['content-type']).toMatch(/application\/json/);
    });
  });

  describe('the checkout frame', () => {
    it("may be framed by the marketplace's pages only: frame-ancestors from its domains, no X-Frame-Options", async () => {
      const response = await request(url).get('/embed/checkout?marketplace=shop.example.test').expect(200);

      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toMatch(
        /(^|;)frame-ancestors https:\/\/shop\.example\.test:\* http:\/\/shop\.example\.test:\* https:\/\/shop\.example\.test http:\/\/shop\.example\.test$/,
      );
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.text).toContain('<div id="root">');
    });

    it("refuses every frame for a marketplace it does not know ('none')", async () => {
      const response = await request(url).get('/embed/checkout?marketplace=other.example.test').expect(200);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });

    it('leaves every other page refusing other sites', async () => {
      const response = await request(url).get('/payment?marketplace=shop.example.test').expect(200);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    });
  });
});

describe(WidgetBundle.name, () => {
  it('takes its version from the build banner, or hashes the bytes without one', () => {
    expect(new WidgetBundle(WIDGET).version).toBe(VERSION);
    const unbannered = new WidgetBundle('console.log(1)');
    expect(unbannered.version).toMatch(/^[0-9a-f]{16}$/);
    expect(new WidgetBundle('console.log(2)').version).not.toBe(unbannered.version);
  });

  it('is absent when the web build has none (the routes then say it is not built)', () => {
    expect(WidgetBundle.load(join(tmpdir(), 'no-such-build'))).toBeUndefined();
    expect(WidgetBundle.load(undefined)).toBeUndefined();
  });
});
