import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from '@/lib/router';
import { App } from '@/app';
import { createQueryClient } from '@/lib/queryClient';
import { seedSignedOut } from '@/hooks/signed-out';
import type { Viewer } from '@/prerender';

// Loaded after the globals react-dom/server needs in jsdom (a static import would evaluate it first).
await import('../test/server-render-globals');
const { PRERENDERED_PATHS, prerenderPage, prerenderPath } = await import('@/prerender');
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
      root = hydrateRoot(container, <App client={createQueryClient()} Router={BrowserRouter} />, {
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
      root = hydrateRoot(container, <App client={createQueryClient()} Router={BrowserRouter} />);
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
        root = hydrateRoot(container, <App client={client} Router={BrowserRouter} />, {
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
