import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { BuyerRequestListResponse, OrderView, SellersShowcase } from '@paymarket/contracts';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { browserApp } from '@/boot';
import { orderView } from '@/components/payments/testing/order-view';
import { createQueryClient } from '@/lib/queryClient';
import { seedSignedOut } from '@/hooks/signed-out';
import type { Viewer } from '@/prerender';
import type { SentQueries } from '@/boot';

// Loaded after the globals react-dom/server needs in jsdom (a static import would evaluate it first).
await import('../test/server-render-globals');
const { LIVE_LISTS, PRERENDERED_PATHS, prerenderPage, prerenderPath, renderFirstView, renderLiveView } = await import('@/prerender');
const { renderToString } = await import('react-dom/server');

// react-dom/server leaves the last render's context values (the static router's location) set when it finishes, and
// a client render in the same realm would inherit them: an empty render puts them back.
async function prerendered(path: string, viewer: Viewer = 'unknown'): Promise<string> {
  const { markup } = await prerenderPage(path, viewer);
  renderToString(<></>);
  return markup;
}

const HEADINGS: Record<string, string> = {
  '/': 'The universal payment marketplace for print',
  '/sellers': 'Browse Sellers',
  '/buyer-requests': 'Buyer Requests',
  '/payment': 'Complete Your Payment',
};

/** A form control of each prerendered page that has one: disabled in the markup, usable once hydrated. */
const CONTROLS: Record<string, string> = {
  '/buyer-requests': 'input[aria-label="Search requests"]',
  '/payment': '#payment-orderId',
};

describe(prerenderPage.name, () => {
  const originalFetch = globalThis.fetch;
  let root: Root | undefined;

  beforeEach(() => {
    // Every query stays pending, as on a first visit before any answer arrives.
    globalThis.fetch = () => new Promise<Response>(() => undefined);
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    globalThis.fetch = originalFetch;
    document.body.innerHTML = '';
  });

  it.each(PRERENDERED_PATHS)('renders the nav bar and the heading of %s, with no inline script', async (path) => {
    const sut = await prerendered(path);

    document.body.innerHTML = `<div id="root">${sut}</div>`;
    expect(document.querySelector('nav[aria-label="Main"] a[href="/sellers"]')?.textContent).toBe('Sellers');
    expect(document.querySelector('main h1')?.textContent).toBe(HEADINGS[path]);
    expect(sut).not.toMatch(/<script|<template/);
  });

  // ADR 0058 ("Hydration in parts"): React hydrates each Suspense boundary of the markup in a pass of its own, so the
  // nav bar, the footer, the page and at least one part of the page are four or more boundaries (`<!--$-->` each).
  it.each(PRERENDERED_PATHS)('leaves %s to hydrate in parts: four or more boundaries', async (path) => {
    const sut = await prerendered(path);

    expect(sut.split('<!--$-->').length - 1).toBeGreaterThanOrEqual(4);
    expect(sut.indexOf('<!--$-->')).toBeLessThan(sut.indexOf('<nav'));
  });

  // The gateway serves this markup and main.tsx hydrates it: any difference from the app's own first render would
  // be a console error and a re-render of the page in the browser.
  it.each(PRERENDERED_PATHS)('is hydrated by the app at %s in place, without a mismatch', async (path) => {
    document.body.innerHTML = `<div id="root">${await prerendered(path)}</div>`;
    const container = document.getElementById('root')!;
    const heading = container.querySelector('h1');
    window.history.pushState({}, '', path);
    const errors: unknown[] = [];
    // React reports an attribute that differs (e.g. a control's `disabled`) on the console, not as an error.
    const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    await act(async () => {
      root = hydrateRoot(container, await browserApp(createQueryClient(), window.location.pathname), {
        onRecoverableError: (error) => errors.push(error),
      });
    });

    const logged = consoleErrors.mock.calls.map(([message]) => String(message));
    consoleErrors.mockRestore();
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading?.textContent).toBe(HEADINGS[path]);
  });

  // Until hydration React ignores what is typed (and would drop it) and a submit would be a native form post.
  it('prerenders the pages with a form, /buyer-requests and /payment', () => {
    expect(PRERENDERED_PATHS).toEqual(expect.arrayContaining(Object.keys(CONTROLS)));
  });

  it.each(Object.entries(CONTROLS))('renders the form controls of %s disabled until hydrated', async (path, selector) => {
    document.body.innerHTML = `<div id="root">${await prerendered(path)}</div>`;
    const container = document.getElementById('root')!;
    const control = container.querySelector<HTMLInputElement>(selector)!;
    expect(control.matches(':disabled')).toBe(true);
    window.history.pushState({}, '', path);

    await act(async () => {
      root = hydrateRoot(container, await browserApp(createQueryClient(), window.location.pathname));
    });

    expect(container.querySelector(selector)).toBe(control);
    // The board's search is usable at once; the payment form waits for the session too (signed out, it stays locked).
    expect(control.matches(':disabled')).toBe(path === '/payment');
  });

  // ADR 0062: a request without any session cookie gets the signed-out view, which main.tsx hydrates with the
  // session checks answered the same way, so it asks none of them and nothing differs.
  it.each(PRERENDERED_PATHS)(
    "renders a visitor's %s signed out and hydrates it with the sessions seeded, without a mismatch",
    async (path) => {
      document.body.innerHTML = await prerendered(path, 'unknown');
      expect(document.querySelector('nav[aria-label="Main"] a[href="/sign-in"]')).toBeNull();
      const markup = await prerendered(path, 'visitor');
      document.body.innerHTML = `<div id="root">${markup}</div>`;
      const container = document.getElementById('root')!;
      expect(container.querySelector('nav[aria-label="Main"] a[href="/sign-in"]')?.textContent).toBe('Sign in');
      expect(container.querySelector('nav[aria-label="Main"] a[href="/join"]')?.textContent).toBe('Join');
      window.history.pushState({}, '', path);
      const requested: string[] = [];
      globalThis.fetch = (input: RequestInfo | URL) => {
        requested.push(String(input));
        return new Promise<Response>(() => undefined);
      };
      const errors: unknown[] = [];
      const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const client = createQueryClient();
      seedSignedOut(client);

      await act(async () => {
        root = hydrateRoot(container, await browserApp(client, window.location.pathname), {
          onRecoverableError: (error) => errors.push(error),
        });
      });

      const logged = consoleErrors.mock.calls.map(([message]) => String(message));
      consoleErrors.mockRestore();
      expect(errors).toEqual([]);
      expect(logged).toEqual([]);
      expect(requested.filter((url) => /session|console\/me/.test(url))).toEqual([]);
    },
  );

  // Only a view with nothing left to load may stay unhydrated until first use: the lists' skeletons need the app.
  it('marks the visitor views of / and /payment complete, and those of the lists not', async () => {
    const complete = Object.fromEntries(
      await Promise.all(PRERENDERED_PATHS.map(async (path) => [path, (await prerenderPath(path)).visitorComplete] as const)),
    );
    renderToString(<></>);

    expect(complete).toEqual({ '/': true, '/payment': true, '/sellers': false, '/buyer-requests': false });
  });
});

const SHOWCASE: SellersShowcase = {
  sellers: [
    {
      id: 's1',
      businessName: 'Letterpress & Co. <b>',
      sellerName: 'Oliver Grant',
      email: 'oliver@example.com',
      phone: '5551234567',
      category: 'other',
      description: 'Wedding invitations </script><script>alert(1)</script>',
      products: 'Invitations',
      pricing: 'From $4.50',
      location: 'Ottawa',
      website: null,
      averageRating: 0,
      totalRatings: 0,
      payable: true,
    } as SellersShowcase['sellers'][number],
  ],
  stats: { total: 1, categories: { other: 1 } },
  nextCursor: 'next-page',
};

// Posted at 03:00 UTC on 20 November: the 19th in Los Angeles.
const BOARD: BuyerRequestListResponse = {
  requests: [
    {
      id: '6f1c2d43-8a5e-4b7f-9c3d-2e1f0a9b8c7d',
      title: 'Wedding invitations',
      description: 'Letterpress, 120 pieces',
      category: 'marketing-materials',
      budget: '$300',
      timeline: '3 weeks',
      location: 'Toronto',
      buyerName: 'Ada',
      createdAt: '2026-11-20T03:00:00.000Z',
      updatedAt: '2026-11-20T03:00:00.000Z',
      mine: false,
    },
  ],
  stats: { total: 1, categories: { 'marketing-materials': 1 } },
  nextCursor: null,
};

// ADR 0063: the gateway renders a visitor's live list with its first page in it; main.tsx hydrates that view with
// the same query cache, sent beside it, on first use.
describe(renderLiveView.name, () => {
  const originalFetch = globalThis.fetch;
  let root: Root | undefined;
  let requested: string[] = [];

  beforeEach(() => {
    requested = [];
    globalThis.fetch = (input: RequestInfo | URL) => {
      requested.push(String(input));
      return new Promise<Response>(() => undefined);
    };
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    globalThis.fetch = originalFetch;
    document.body.innerHTML = '';
  });

  async function live(path: string, firstPage: unknown) {
    const view = await renderLiveView(path, firstPage);
    renderToString(<></>);
    return view;
  }

  /** Hydrates `markup` at `path` as boot.tsx does: sessions signed out, the sent query cache in. */
  async function hydrated(path: string, markup: string, state: string) {
    document.body.innerHTML = `<div id="root">${markup}</div>`;
    const container = document.getElementById('root')!;
    window.history.pushState({}, '', path);
    const client = createQueryClient();
    seedSignedOut(client);
    for (const [key, data] of JSON.parse(state) as SentQueries) client.setQueryData(key, data);
    const errors: unknown[] = [];
    const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, await browserApp(client, window.location.pathname), {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    const logged = consoleErrors.mock.calls.map(([message]) => String(message));
    consoleErrors.mockRestore();
    return { container, errors, logged };
  }

  it('has a live view for the two lists only', async () => {
    expect(Object.keys(LIVE_LISTS).sort()).toEqual(['/buyer-requests', '/sellers']);
    expect(await live('/', SHOWCASE)).toBeUndefined();
    expect(await live('/payment', SHOWCASE)).toBeUndefined();
  });

  it('renders /sellers with its first sellers instead of the skeleton, hydrates it without a mismatch, then asks for the rest', async () => {
    const view = (await live('/sellers', SHOWCASE))!;
    expect(view.markup).not.toContain('showcase-skeleton');
    expect(view.markup).toContain('Letterpress &amp; Co. &lt;b&gt;');
    // The state travels in a <script type="application/json">: nothing in it may close that element.
    expect(view.state).not.toContain('<');
    expect(JSON.parse(view.state)).toContainEqual([
      ['/api/sellers-showcase'],
      { pages: [{ ...SHOWCASE, preview: true }], pageParams: [null] },
    ]);

    const { container, errors, logged } = await hydrated('/sellers', view.markup, view.state);

    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(container.querySelector('section[aria-label="Sellers"]')?.textContent).toContain(
      'Wedding invitations </script><script>alert(1)</script>',
    );
    // The view held the first sellers only: once the app runs, the list asks for the rest from where they end, and
    // for nothing else (no session, not the first page again).
    expect(requested).toEqual(['/api/sellers-showcase?cursor=next-page']);
  });

  it("renders /buyer-requests with its first page, dated in UTC, and shows the reader's date once hydrated", async () => {
    const view = (await live('/buyer-requests', BOARD))!;
    expect(view.markup).not.toContain('board-skeleton');
    expect(view.markup).toContain('Wedding invitations');
    expect(view.markup).toContain('<time dateTime="2026-11-20T03:00:00.000Z">11/20/2026</time>');
    // A reader in Los Angeles (jsdom's realm keeps the process's zone): the local date is the 19th.
    const localDate = jest.spyOn(Date.prototype, 'getDate').mockReturnValue(19);

    const { container, errors, logged } = await hydrated('/buyer-requests', view.markup, view.state);

    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(requested).toEqual([]);
    expect(container.querySelector('time')?.textContent).toBe('11/19/2026');
    localDate.mockRestore();
  });
});

const ORDER: OrderView = orderView({ orderId: 'ORD-7', description: 'Wedding invitations' });

/** The gateway's API as a signed-in buyer reads it: every session check, then the buyer's orders. */
const BUYER_API: Record<string, { status: number; body: unknown }> = {
  '/api/auth/session': { status: 200, body: { buyer: { id: 'b1', name: 'Ada Buyer', email: 'ada@example.com' } } },
  '/api/admin/session': { status: 200, body: null },
  '/api/payee-auth/session': { status: 200, body: null },
  '/api/console/me': { status: 200, body: { company: null } },
  '/api/orders': { status: 200, body: [ORDER] },
};

// ADR 0065: the gateway renders any page for the person asking, with the answers the view asks for read from its own
// API as them; the browser hydrates that view with the same answers and asks nothing again.
describe(renderFirstView.name, () => {
  const originalFetch = globalThis.fetch;
  let root: Root | undefined;

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    globalThis.fetch = originalFetch;
    document.body.innerHTML = '';
  });

  /** A server-side fetch answering from `api` (a path missing answers 500), recording what was asked. */
  function serverFetch(api: Record<string, { status: number; body: unknown }>, asked: string[]): typeof fetch {
    return async (input) => {
      asked.push(String(input));
      const answer = api[String(input)] ?? { status: 500, body: { message: 'down' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    };
  }

  async function firstView(url: string, options: Parameters<typeof renderFirstView>[1]) {
    const view = await renderFirstView(url, options);
    renderToString(<></>);
    if (view === undefined || 'redirect' in view) throw new Error(`no view of ${url}`);
    return view;
  }

  it("renders a signed-in buyer's /orders with their name and orders, then hydrates it without asking anything again", async () => {
    const asked: string[] = [];

    const view = (await firstView('/orders', { visitor: false, fetch: serverFetch(BUYER_API, asked) }))!;

    // The session checks first; the orders once the session said who is asking, each once.
    expect(asked.slice(0, -1).sort()).toEqual(['/api/admin/session', '/api/auth/session']);
    expect(asked.at(-1)).toBe('/api/orders');
    expect(view.complete).toBe(true);
    expect(view.state).not.toContain('<');
    document.body.innerHTML = `<div id="root">${view.markup}</div>`;
    expect(document.querySelector('button[aria-label^="Account:"]')?.getAttribute('aria-label')).toBe('Account: Ada Buyer');
    expect(document.querySelector('main')?.textContent).toContain('ORD-7');

    const requested: string[] = [];
    globalThis.fetch = (input: RequestInfo | URL) => {
      requested.push(String(input));
      return new Promise<Response>(() => undefined);
    };
    const container = document.getElementById('root')!;
    window.history.pushState({}, '', '/orders');
    const client = createQueryClient();
    for (const [key, data] of JSON.parse(view.state) as SentQueries) client.setQueryData(key, data);
    const errors: unknown[] = [];
    const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, await browserApp(client, '/orders'), { onRecoverableError: (error) => errors.push(error) });
    });
    const logged = consoleErrors.mock.calls.map(([message]) => String(message));
    consoleErrors.mockRestore();

    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(requested).toEqual([]);
    expect(container.querySelector('main')?.textContent).toContain('ORD-7');
  });

  it('leaves out an answer that failed, so the view shows what it shows before it and the browser asks again', async () => {
    const asked: string[] = [];
    const { '/api/orders': _orders, ...withoutOrders } = BUYER_API;

    const view = (await firstView('/orders', { visitor: false, fetch: serverFetch(withoutOrders, asked) }))!;

    expect(asked.filter((url) => url === '/api/orders')).toEqual(['/api/orders']);
    expect(view.complete).toBe(false);
    expect((JSON.parse(view.state) as SentQueries).map(([key]) => key[0])).not.toContain('/api/orders');
    expect(view.markup).not.toContain('ORD-7');
  });

  it('answers where a route redirects instead of a view (/sellers-showcase)', async () => {
    expect(await renderFirstView('/sellers-showcase', { visitor: true, fetch: serverFetch(BUYER_API, []) })).toEqual({
      redirect: '/sellers',
    });
  });

  it('renders a visitor signed out without asking any session', async () => {
    const asked: string[] = [];

    const view = (await firstView('/integrate', { visitor: true, fetch: serverFetch(BUYER_API, asked) }))!;

    expect(asked.filter((url) => /session|console\/me/.test(url))).toEqual([]);
    document.body.innerHTML = `<div id="root">${view.markup}</div>`;
    expect(document.querySelector('nav[aria-label="Main"] a[href="/sign-in"]')?.textContent).toBe('Sign in');
    expect(document.querySelector('main h1')?.textContent).toBe('Integrate Your Marketplace');
  });
});
