import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../gateway.config.js';
import { SpaController } from './spa.controller.js';

const INDEX_HTML =
  '<html><head><script type="module" crossorigin src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>';

/** What the web build writes for the four P5 pages (ADR 0044): each page's chunk and its prerendered first view. */
const PRERENDERED = {
  '/': '<main><h1>Home</h1></main>',
  '/sellers': '<main><h1>Browse Sellers</h1></main>',
  '/buyer-requests': '<main><h1>Buyer Requests</h1><fieldset disabled="" data-hydrating=""></fieldset></main>',
  '/payment': '<main><h1>Complete Your Payment</h1><fieldset disabled=""></fieldset></main>',
};

function withDist(run: (dist: string) => void): void {
  const dist = mkdtempSync(join(tmpdir(), 'spa-'));
  try {
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    const manifest: Record<string, { file: string; isEntry?: boolean }> = { 'index.html': { file: 'assets/index-A.js', isEntry: true } };
    for (const page of ['home', 'sellers', 'buyer-requests', 'payment'])
      manifest[`src/pages/${page}.tsx`] = { file: `assets/${page}-P.js` };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(dist, '.vite', 'prerender.json'), JSON.stringify(PRERENDERED));
    run(dist);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

/** The HTML the controller sends for `url`, uncompressed. */
function get(sut: SpaController, url: string): string {
  let sent: Buffer | undefined;
  const reply = {
    status: () => reply,
    type: () => reply,
    header: () => reply,
    send: (body: Buffer) => {
      sent = body;
      return reply;
    },
  };
  sut.fallback({ url, headers: {} } as FastifyRequest, reply as unknown as FastifyReply);
  return sent!.toString('utf8');
}

describe(SpaController.name, () => {
  it.each(Object.entries(PRERENDERED))('sends %s with its prerendered first view in #root', (path, markup) => {
    withDist((dist) => {
      const sut = new SpaController({ webDist: dist } as GatewayConfig);

      const html = get(sut, path);

      expect(html).toContain(`<div id="root">${markup}</div>`);
      expect(html).toContain(
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${path === '/' ? 'home' : path.slice(1)}-P.js">`,
      );
    });
  });

  // The query changes the first render (a preselected provider, the buyer's own requests): the app renders it itself.
  it.each(['/payment?provider=acct_1', '/buyer-requests?mine=1'])('sends %s with an empty #root and its page chunk', (url) => {
    withDist((dist) => {
      const sut = new SpaController({ webDist: dist } as GatewayConfig);

      const html = get(sut, url);

      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${url.slice(1, url.indexOf('?'))}-P.js">`);
    });
  });

  it('sends a page that is not prerendered as index.html', () => {
    withDist((dist) => {
      expect(get(new SpaController({ webDist: dist } as GatewayConfig), '/orders')).toBe(INDEX_HTML);
    });
  });
});
