import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmbedMarketplace } from '@paymarket/contracts';
import type { EmbedMarketplaceCache } from '../embed/embed-marketplaces.js';
import type { GatewayConfig } from '../gateway.config.js';
import { isAssetPath, SpaController } from './spa.controller.js';
import { CompressedHtml } from './compressed-html.js';
import type { LiveViewPage, LiveViews } from './live-views.js';

const INDEX_HTML =
  '<html><head><script type="module" crossorigin src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>';

/** What the web build writes for the four P5 pages (ADR 0044): each page's chunk and its prerendered first view. */
const PRERENDERED = {
  '/': '<main><h1>Home</h1></main>',
  '/sellers': '<main><h1>Browse Sellers</h1></main>',
  '/buyer-requests': '<main><h1>Buyer Requests</h1><fieldset disabled="" data-hydrating=""></fieldset></main>',
  '/payment': '<main><h1>Complete Your Payment</h1><fieldset disabled=""></fieldset></main>',
};
/** ADR 0062: the same views for a visitor (signed out), of which the lists' are not their whole first view. */
const visitorView = (markup: string) => markup.replace('</h1>', '</h1><a href="/sign-in">Sign in</a>');
const VISITOR_COMPLETE: Record<string, boolean> = { '/': true, '/sellers': false, '/buyer-requests': false, '/payment': true };

async function withDist(run: (dist: string) => void | Promise<void>): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'spa-'));
  try {
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    const manifest: Record<string, { file: string; isEntry?: boolean }> = { 'index.html': { file: 'assets/index-A.js', isEntry: true } };
    for (const page of ['home', 'sellers', 'buyer-requests', 'payment'])
      manifest[`src/pages/${page}.tsx`] = { file: `assets/${page}-P.js` };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const prerendered = Object.fromEntries(
      Object.entries(PRERENDERED).map(([path, markup]) => [
        path,
        { unknown: markup, visitor: visitorView(markup), visitorComplete: VISITOR_COMPLETE[path] },
      ]),
    );
    writeFileSync(join(dist, '.vite', 'prerender.json'), JSON.stringify(prerendered));
    await run(dist);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

const HELMET_CSP = "default-src 'self';frame-ancestors 'self';script-src 'self'";

const MARKETPLACE: EmbedMarketplace = {
  id: 'mkt-1',
  companyId: 'company-1',
  domains: ['shop.example.test', 'www.shop.example.test'],
  displayName: 'Shop',
  accentColor: null,
  logoUrl: null,
  customBranding: false,
  acceptingOrders: true,
  notice: null,
  version: 1,
};

/** A marketplace lookup answering `found` for `shop.example.test` only, recording what it was asked. */
function lookup(found: EmbedMarketplace | null | Error = MARKETPLACE): EmbedMarketplaceCache & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    byDomain: async (domain: string) => {
      asked.push(domain);
      if (found instanceof Error) throw found;
      return domain === 'shop.example.test' ? found : null;
    },
  } as unknown as EmbedMarketplaceCache & { asked: string[] };
}

interface Sent {
  status: number;
  type: string;
  headers: Record<string, string>;
  body: string;
}

/** What the controller sends for `url` (uncompressed), starting from helmet's headers as the gateway sets them. */
async function answer(sut: SpaController, url: string, cookies: Record<string, string> = {}): Promise<Sent> {
  const sent: Sent = {
    status: 200,
    type: '',
    headers: { 'content-security-policy': HELMET_CSP, 'x-frame-options': 'SAMEORIGIN' },
    body: '',
  };
  const reply = {
    status: (code: number) => ((sent.status = code), reply),
    type: (type: string) => ((sent.type = type), reply),
    header: (name: string, value: string) => ((sent.headers[name] = value), reply),
    getHeader: (name: string) => sent.headers[name],
    removeHeader: (name: string) => (delete sent.headers[name], reply),
    send: (body: Buffer | string) => {
      sent.body = body.toString();
      return reply;
    },
  };
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const request = {
    url,
    ip: '198.51.100.4',
    headers: cookie ? { cookie } : {},
    cookies,
    socket: { localAddress: '::ffff:127.0.0.1', localPort: 3000 },
  };
  await sut.fallback(request as unknown as FastifyRequest, reply as unknown as FastifyReply);
  return sent;
}

async function get(sut: SpaController, url: string, cookies: Record<string, string> = {}): Promise<string> {
  return (await answer(sut, url, cookies)).body;
}

/** No live list to show (no server module in the build, or its list unreadable): the prerendered view stands. */
const NO_LIVE_VIEWS = { html: async () => undefined, firstView: async () => undefined } as unknown as LiveViews;

const spa = (dist: string, marketplaces = lookup(), production = false, liveViews = NO_LIVE_VIEWS) =>
  new SpaController({ webDist: dist, production } as GatewayConfig, marketplaces, liveViews);

describe(SpaController.name, () => {
  // ADR 0065: anyone but a visitor of a prerendered page gets the view rendered for them, with their sessions.
  describe('views rendered per request', () => {
    const rendering = (
      asked: Array<{ url: string; origin: string; cookie?: string; visitor: boolean }>,
      markup = '<main><h1>Order History</h1><p>Quinn</p></main>',
    ) =>
      ({
        html: async () => undefined,
        firstView: async (url: string, request: { origin: string; cookie?: string; visitor: boolean }) => {
          asked.push({ url, ...request });
          return { markup, state: '<script type="application/json" id="paymarket-state">[]</script>' };
        },
      }) as unknown as LiveViews;

    it('sends a signed-in buyer their own view of a page, read as them from the gateway itself, kept by no shared cache', async () => {
      await withDist(async (dist) => {
        const asked: Array<{ url: string; origin: string; cookie?: string; visitor: boolean }> = [];
        const sut = spa(dist, lookup(), false, rendering(asked));

        const sent = await answer(sut, '/orders?tab=1', { pm_session: 'token' });

        expect(asked).toEqual([
          { url: '/orders?tab=1', origin: 'http://127.0.0.1:3000', cookie: 'pm_session=token', clientIp: '198.51.100.4', visitor: false },
        ]);
        expect(sent.body).toContain(
          '<div id="root"><main><h1>Order History</h1><p>Quinn</p></main></div><script type="application/json" id="paymarket-state">[]</script>',
        );
        expect(sent.body).not.toContain('paymarket-viewer');
        expect(sent.headers['cache-control']).toBe('private, no-cache');
        expect(sent.headers.vary).toBe('accept-encoding, cookie');
      });
    });

    it("renders a visitor's page that was not prerendered (or has a query string) as a visitor's", async () => {
      await withDist(async (dist) => {
        const asked: Array<{ url: string; origin: string; cookie?: string; visitor: boolean }> = [];
        const sut = spa(dist, lookup(), false, rendering(asked));

        const sent = await answer(sut, '/integrate');
        await get(sut, '/payment?orderId=1');
        const prerendered = await get(sut, '/payment');

        expect(asked.map(({ url, visitor }) => ({ url, visitor }))).toEqual([
          { url: '/integrate', visitor: true },
          { url: '/payment?orderId=1', visitor: true },
        ]);
        expect(sent.headers['cache-control']).toBe('no-cache');
        expect(prerendered).toContain('<h1>Complete Your Payment</h1><a href="/sign-in">');
      });
    });

    it("answers a route's redirect with an HTTP redirect (/sellers-showcase)", async () => {
      await withDist(async (dist) => {
        const redirecting = { html: async () => undefined, firstView: async () => ({ redirect: '/sellers' }) } as unknown as LiveViews;
        const redirected: Array<[string, number]> = [];
        const sut = spa(dist, lookup(), false, redirecting);
        const reply = {
          header: () => reply,
          redirect: (to: string, code: number) => (redirected.push([to, code]), reply),
        };

        await sut.fallback(
          {
            url: '/sellers-showcase',
            headers: {},
            cookies: {},
            socket: { localAddress: '127.0.0.1', localPort: 3000 },
          } as unknown as FastifyRequest,
          reply as unknown as FastifyReply,
        );

        expect(redirected).toEqual([['/sellers', 302]]);
      });
    });

    it('falls back to the prerendered view when the view cannot be rendered, and never renders the embedded checkout', async () => {
      await withDist(async (dist) => {
        const asked: string[] = [];
        const failing = {
          html: async () => undefined,
          firstView: async (url: string) => (asked.push(url), undefined),
        } as unknown as LiveViews;
        const sut = spa(dist, lookup(), false, failing);

        const sent = await answer(sut, '/payment', { pm_session: 'token' });
        await get(sut, '/embed/checkout?marketplace=shop.example.test');

        expect(asked).toEqual(['/payment']);
        expect(sent.body).toContain('<h1>Complete Your Payment</h1><fieldset disabled=""></fieldset>');
        expect(sent.headers['cache-control']).toBe('no-cache');
      });
    });
  });

  // ADR 0063: a visitor's live list comes with its first page in the view, built into the page's HTML by the controller.
  it('sends a visitor the live view of a list when there is one, hydrated on first use with the state beside it', async () => {
    await withDist(async (dist) => {
      const asked: string[] = [];
      const liveViews = {
        firstView: async () => undefined,
        html: async (path: string, page: LiveViewPage) => {
          asked.push(path);
          if (path !== '/sellers') return undefined;
          return new CompressedHtml(
            page(
              path,
              '<main><h1>Browse Sellers</h1><p>Maple Ink</p></main>',
              '<script type="application/json" id="paymarket-state">{}</script>',
            )!,
          );
        },
      } as unknown as LiveViews;
      const sut = spa(dist, lookup(), false, liveViews);

      const sellers = await answer(sut, '/sellers');
      const board = await get(sut, '/buyer-requests');
      const signedIn = await get(sut, '/sellers', { pm_session: 'x' });
      const withQuery = await get(sut, '/sellers?x=1');

      expect(sellers.body).toContain(
        '<div id="root"><main><h1>Browse Sellers</h1><p>Maple Ink</p></main></div><script type="application/json" id="paymarket-state">{}</script>',
      );
      expect(sellers.body).toContain(
        '<meta name="paymarket-viewer" content="visitor"><meta name="paymarket-hydrate" content="on-first-use">',
      );
      expect(sellers.body).toContain('<meta name="paymarket-modules" content="/assets/sellers-P.js">');
      expect(sellers.body).not.toContain('modulepreload');
      expect(sellers.headers.vary).toBe('accept-encoding, cookie');
      // No live view: the prerendered skeleton, loaded by the app at once.
      expect(board).toContain(`<div id="root">${visitorView(PRERENDERED['/buyer-requests'])}</div>`);
      expect(board).not.toContain('paymarket-hydrate');
      // A session cookie or a query string: never the visitor's live view.
      expect(signedIn).toContain(`<div id="root">${PRERENDERED['/sellers']}</div>`);
      expect(withQuery).not.toContain('Maple Ink');
      expect(asked).toEqual(['/sellers', '/buyer-requests']);
    });
  });

  it.each(Object.entries(PRERENDERED))('sends %s with a session cookie with its prerendered first view in #root', async (path, markup) => {
    await withDist(async (dist) => {
      const sut = spa(dist);

      const html = await get(sut, path, { pm_session: 'x' });

      expect(html).toContain(`<div id="root">${markup}</div>`);
      expect(html).not.toContain('paymarket-viewer');
      // Its code is preloaded by main.tsx after the first paint (ADR 0073), not while the page loads.
      expect(html).toContain(`<meta name="paymarket-modules" content="/assets/${path === '/' ? 'home' : path.slice(1)}-P.js">`);
      expect(html).not.toContain('modulepreload');
    });
  });

  // ADR 0062: without any session cookie the visitor is signed out, and the page says so to main.tsx; a page that is
  // its whole first view also asks to be hydrated on first use.
  it.each(Object.entries(PRERENDERED))('sends %s without a session cookie with the signed-out view', async (path, markup) => {
    await withDist(async (dist) => {
      const sut = spa(dist);

      const sent = await answer(sut, path, { other: 'cookie' });

      expect(sent.body).toContain(`<div id="root">${visitorView(markup)}</div>`);
      expect(sent.body).toContain('<meta name="paymarket-viewer" content="visitor">');
      expect(sent.body.includes('<meta name="paymarket-hydrate" content="on-first-use">')).toBe(VISITOR_COMPLETE[path]);
      expect(sent.headers.vary).toBe('accept-encoding, cookie');
    });
  });

  it.each(['pm_session', 'pm_admin', 'pm_console', 'pm_payee_session'])(
    'sends the view of an unknown session for a %s cookie',
    async (name) => {
      await withDist(async (dist) => {
        const html = await get(spa(dist), '/', { [name]: 'anything' });

        expect(html).toContain(`<div id="root">${PRERENDERED['/']}</div>`);
      });
    },
  );

  // The query changes the first render (a preselected provider, the buyer's own requests): the app renders it itself.
  it.each(['/payment?provider=acct_1', '/buyer-requests?mine=1'])('sends %s with an empty #root and its page chunk', async (url) => {
    await withDist(async (dist) => {
      const sut = spa(dist);

      const html = await get(sut, url);

      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${url.slice(1, url.indexOf('?'))}-P.js">`);
    });
  });

  it('sends a page that is not prerendered as index.html', async () => {
    await withDist(async (dist) => {
      expect(await get(spa(dist), '/orders')).toBe(INDEX_HTML);
    });
  });

  describe('unknown files (issue 21)', () => {
    it.each([
      '/nope.js',
      '/widget.mjs',
      '/assets/index-OLD.js',
      '/assets/app.css',
      '/x.js.map',
      '/logo.PNG',
      '/a/b/font.woff2',
      '/sdk/x.tgz',
      '/old.html',
    ])('answers %s with a short plain-text 404, never the app', async (url) => {
      await withDist(async (dist) => {
        const sent = await answer(spa(dist), url);

        expect(sent.status).toBe(404);
        expect(sent.type).toBe('text/plain; charset=utf-8');
        expect(sent.body).toBe(`Not found: ${url}`);
        expect(sent.body).not.toContain('<html');
      });
    });

    it.each(['/orders', '/sellers/edit/abc', '/embed/checkout', '/payment?file=a.js', '/version.1'])(
      'keeps the app for the page %s',
      async (url) => {
        await withDist(async (dist) => {
          const sent = await answer(spa(dist), url);

          expect(sent.status).toBe(200);
          expect(sent.type).toBe('text/html; charset=utf-8');
          expect(sent.body).toContain('<div id="root">');
        });
      },
    );

    it('tells files from pages by the last segment only', () => {
      expect(isAssetPath('/nope.js')).toBe(true);
      expect(isAssetPath('/documentation.html')).toBe(true);
      expect(isAssetPath('/sellers.js/edit')).toBe(false);
      expect(isAssetPath('/embed/checkout')).toBe(false);
    });

    it('answers any path in the folders of files the gateway serves itself 404, whatever its name', () => {
      // A name longer than a route parameter may be (100 characters) never reaches /sdk/:file.
      expect(isAssetPath(`/sdk/${'a'.repeat(120)}`)).toBe(true);
      expect(isAssetPath('/widget/v1')).toBe(true);
      expect(isAssetPath('/documentation/nothing')).toBe(true);
      expect(isAssetPath('/sdkless')).toBe(false);
    });
  });

  describe('the embedded checkout (ADR 0052)', () => {
    it("lets the marketplace's own domains frame /embed/checkout, and nobody else", async () => {
      await withDist(async (dist) => {
        const marketplaces = lookup();
        const sent = await answer(spa(dist, marketplaces), '/embed/checkout?marketplace=Shop.Example.Test&amount=10');

        expect(sent.body).toBe(INDEX_HTML);
        expect(marketplaces.asked).toEqual(['shop.example.test']);
        const csp = sent.headers['content-security-policy']!;
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain(
          'frame-ancestors https://shop.example.test:* http://shop.example.test:* https://shop.example.test http://shop.example.test https://www.shop.example.test:*',
        );
        expect(csp).not.toContain("frame-ancestors 'self'");
        expect(csp.match(/frame-ancestors/g)).toHaveLength(1);
        expect(sent.headers['x-frame-options']).toBeUndefined();
      });
    });

    it('allows only https on the default port in production', async () => {
      await withDist(async (dist) => {
        const sent = await answer(spa(dist, lookup(), true), '/embed/checkout?marketplace=shop.example.test');

        expect(sent.headers['content-security-policy']).toContain(
          'frame-ancestors https://shop.example.test https://www.shop.example.test',
        );
        expect(sent.headers['content-security-policy']).not.toContain('http://');
      });
    });

    it.each([
      ['an unknown marketplace', '/embed/checkout?marketplace=other.example.test', lookup()],
      ['no marketplace', '/embed/checkout', lookup()],
      ['a marketplace that is not a domain', '/embed/checkout?marketplace=%3Cscript%3E', lookup()],
      [
        'a marketplace not taking orders',
        '/embed/checkout?marketplace=shop.example.test',
        lookup({ ...MARKETPLACE, acceptingOrders: false }),
      ],
      ['a marketplace with no company', '/embed/checkout?marketplace=shop.example.test', lookup({ ...MARKETPLACE, companyId: null })],
      ['onboarding not answering', '/embed/checkout?marketplace=shop.example.test', lookup(new Error('timeout'))],
    ])("refuses every frame for %s (frame-ancestors 'none')", async (_case, url, marketplaces) => {
      await withDist(async (dist) => {
        const sent = await answer(spa(dist, marketplaces), url);

        expect(sent.status).toBe(200);
        expect(sent.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(sent.headers['content-security-policy']).not.toContain('shop.example.test');
      });
    });

    it('leaves the other pages as helmet set them: frames only from PayMarket itself', async () => {
      await withDist(async (dist) => {
        const marketplaces = lookup();
        const sent = await answer(spa(dist, marketplaces), '/payment?marketplace=shop.example.test');

        expect(sent.headers['content-security-policy']).toBe(HELMET_CSP);
        expect(sent.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(marketplaces.asked).toEqual([]);
      });
    });
  });
});
