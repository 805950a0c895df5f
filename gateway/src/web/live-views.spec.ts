import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RpcPatterns } from '@paymarket/contracts';
import type { GatewayConfig } from '../gateway.config.js';
import { showcaseCacheKey, type ShowcaseCache } from '../catalog/showcase-cache.js';
import { boardFirstPage, boardPageKey, type BoardCache } from '../requests/board-cache.js';
import type { GatewayRpc } from '../http/rpc.provider.js';
import { clientAddressOf } from '../http/client-address.js';
import { PublicReadCache } from '../http/public-read-cache.js';
import { liveViewModule, LiveViews, type LiveViewPage } from './live-views.js';

/**
 * A stand-in for the web build's server module (web/src/prerender.tsx): renders the list's names, and counts its
 * renders on globalThis so the test can see them.
 */
const SERVER_MODULE = `
export const LIVE_LISTS = { '/sellers': { api: '/api/sellers-showcase', limit: 6 }, '/buyer-requests': { api: '/api/buyer-requests', limit: 6 } };
export async function renderLiveView(path, firstPage) {
  globalThis.liveViewRenders = (globalThis.liveViewRenders ?? 0) + 1;
  if (firstPage.explode) throw new Error('render failed');
  const names = (firstPage.sellers ?? firstPage.requests).map((item) => item.name).join(',');
  return { markup: '<h1>' + path + '</h1><p>' + names + '</p>', state: JSON.stringify(firstPage) };
}
export async function renderFirstView(url, { visitor, fetch }) {
  if (url === '/explode') throw new Error('render failed');
  if (url === '/old') return { redirect: '/sellers' };
  if (url === '/away') return { redirect: '//elsewhere.invalid/' };
  const session = await (await fetch('/api/auth/session')).json();
  const outside = await fetch('http://elsewhere.invalid/api/x').then(() => 'fetched', (err) => err.message);
  return { markup: '<h1>' + url + '</h1><p>' + (session.name ?? 'nobody') + ' ' + visitor + ' ' + outside + '</p>', state: '[]', complete: true };
}
`;

const page: LiveViewPage = (path, markup, after) => `<html>${markup}${after}</html>`;
const text = (html: Awaited<ReturnType<LiveViews['html']>>) => html?.body('identity').toString();
const renders = () => (globalThis as { liveViewRenders?: number }).liveViewRenders ?? 0;

describe(LiveViews.name, () => {
  let dist: string;
  let showcase: PublicReadCache;
  let board: PublicReadCache;
  let answers: Record<string, unknown>;
  let asked: Array<{ pattern: string; payload: unknown }>;

  const rpc = {
    call: async (pattern: string, payload: unknown) => {
      asked.push({ pattern, payload });
      const answer = answers[pattern];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as GatewayRpc;

  const sut = (withModule = true) => {
    if (withModule) {
      mkdirSync(dirname(liveViewModule(dist)), { recursive: true });
      writeFileSync(liveViewModule(dist), SERVER_MODULE);
    }
    return new LiveViews({ webDist: dist } as GatewayConfig, showcase as ShowcaseCache, board as BoardCache, rpc);
  };

  beforeEach(() => {
    // Each test its own folder, so each imports its own copy of the module.
    dist = mkdtempSync(join(tmpdir(), 'live-views-'));
    showcase = new PublicReadCache(60_000);
    board = new PublicReadCache(60_000);
    showcase.setLive(true);
    board.setLive(true);
    answers = {
      [RpcPatterns.catalog.LIST_SELLERS]: { sellers: [{ name: 'Maple Ink' }], stats: { total: 1 }, nextCursor: null },
      [RpcPatterns.requests.LIST]: { requests: [{ name: 'Wedding invitations' }], stats: { total: 1 }, nextCursor: null },
    };
    asked = [];
    (globalThis as { liveViewRenders?: number }).liveViewRenders = 0;
  });

  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it("renders each list's first page, read through the API's own cache, with the state after the markup", async () => {
    const views = sut();

    const sellers = text(await views.html('/sellers', page));
    const requests = text(await views.html('/buyer-requests', page));

    expect(sellers).toBe(
      '<html><h1>/sellers</h1><p>Maple Ink</p><script type="application/json" id="paymarket-state">' +
        JSON.stringify(answers[RpcPatterns.catalog.LIST_SELLERS]) +
        '</script></html>',
    );
    expect(requests).toContain('<p>Wedding invitations</p>');
    // The first `limit` of each, as `GET /api/sellers-showcase?limit=6` and `GET /api/buyer-requests?limit=6` ask
    // them, now kept for those too.
    expect(asked).toEqual([
      { pattern: RpcPatterns.catalog.LIST_SELLERS, payload: { limit: 6, cursor: undefined } },
      { pattern: RpcPatterns.requests.LIST, payload: { query: expect.objectContaining({ limit: 6 }) } },
    ]);
    expect(showcase.read(showcaseCacheKey({ limit: 6 }))).toBeDefined();
    expect(board.read(boardPageKey(boardFirstPage(6)))).toBeDefined();
    expect(await views.paths()).toEqual(['/sellers', '/buyer-requests']);
  });

  it('renders once per version of the list, and again when a change was announced', async () => {
    const views = sut();

    const first = await views.html('/sellers', page);
    const again = await views.html('/sellers', page);
    answers[RpcPatterns.catalog.LIST_SELLERS] = { sellers: [{ name: 'Maple Ink' }, { name: 'Harbour Print' }], nextCursor: null };
    showcase.invalidate();
    const changed = await views.html('/sellers', page);

    expect(again).toBe(first);
    expect(text(changed)).toContain('<p>Maple Ink,Harbour Print</p>');
    expect(renders()).toBe(2);
  });

  it('renders once for visitors asking at the same moment', async () => {
    const views = sut();

    const [a, b, c] = await Promise.all([views.html('/sellers', page), views.html('/sellers', page), views.html('/sellers', page)]);

    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(renders()).toBe(1);
    expect(asked).toHaveLength(1);
  });

  it('has no view for a path without a live list', async () => {
    expect(await sut().html('/payment', page)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('has none without a server module in the web build', async () => {
    const views = sut(false);

    expect(await views.html('/sellers', page)).toBeUndefined();
    expect(await views.paths()).toEqual([]);
  });

  it('has none when the list cannot be read, and shows it once it can', async () => {
    answers[RpcPatterns.catalog.LIST_SELLERS] = new Error('catalog down');
    const views = sut();

    expect(await views.html('/sellers', page)).toBeUndefined();
    answers[RpcPatterns.catalog.LIST_SELLERS] = { sellers: [{ name: 'Maple Ink' }], nextCursor: null };
    expect(text(await views.html('/sellers', page))).toContain('Maple Ink');
  });

  it('has none when the render fails', async () => {
    answers[RpcPatterns.catalog.LIST_SELLERS] = { explode: true };

    expect(await sut().html('/sellers', page)).toBeUndefined();
  });

  // ADR 0065: a page's view for one request, its queries read from the gateway's own API as the person asking.
  describe('firstView', () => {
    let api: Server;
    let origin: string;
    let cookies: Array<string | undefined>;
    let readFor: Array<string | undefined>;

    beforeEach(async () => {
      cookies = [];
      readFor = [];
      api = createServer((req, res) => {
        cookies.push(req.headers.cookie);
        // What the rate limit counts the read against: the person's address, vouched for by this process's token.
        readFor.push(clientAddressOf({ ip: req.socket.remoteAddress ?? '', headers: req.headers }));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(req.headers.cookie === 'pm_session=quinn' ? { name: 'Quinn' } : {}));
      });
      await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    });

    afterEach(() => new Promise<void>((resolve) => api.close(() => resolve())));

    it("renders the view with answers read from the gateway with the request's cookies, and nothing else fetched", async () => {
      const view = await sut().firstView('/orders', { origin, cookie: 'pm_session=quinn', visitor: false, clientIp: '203.0.113.7' });

      expect(view).toEqual({
        markup: '<h1>/orders</h1><p>Quinn false not an API path: http://elsewhere.invalid/api/x</p>',
        state: '<script type="application/json" id="paymarket-state">[]</script>',
      });
      expect(cookies).toEqual(['pm_session=quinn']);
      expect(readFor).toEqual(['203.0.113.7']);
    });

    it('reads as nobody for a visitor', async () => {
      const view = await sut().firstView('/integrate', { origin, cookie: undefined, visitor: true, clientIp: '203.0.113.7' });

      expect(view).toEqual(expect.objectContaining({ markup: expect.stringContaining('<p>nobody true') }));
      expect(cookies).toEqual([undefined]);
    });

    it("answers a route's redirect within the site, and nothing for one elsewhere", async () => {
      const views = sut();

      expect(await views.firstView('/old', { origin, cookie: undefined, visitor: true, clientIp: '203.0.113.7' })).toEqual({
        redirect: '/sellers',
      });
      expect(await views.firstView('/away', { origin, cookie: undefined, visitor: true, clientIp: '203.0.113.7' })).toBeUndefined();
    });

    it('has none when the render fails', async () => {
      expect(await sut().firstView('/explode', { origin, cookie: undefined, visitor: true, clientIp: '203.0.113.7' })).toBeUndefined();
    });

    it('has none without a server module in the web build', async () => {
      expect(await sut(false).firstView('/orders', { origin, cookie: undefined, visitor: true, clientIp: '203.0.113.7' })).toBeUndefined();
    });
  });
});
