import type { QueryClient } from '@tanstack/react-query';
import type { SentQueries } from '@/boot';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from '@/app';
import { PRERENDERED_PATHS, ROUTES } from '@/app-routes';
import { seedSignedOut } from '@/hooks/signed-out';
import { createQueryClient } from '@/lib/queryClient';
import type { PreviewPage } from '@/lib/use-previewed-list';
import { SHOWCASE_PATH } from '@/components/catalog/use-showcase';
import { boardQueryKey, BUYER_REQUESTS_PATH, NO_FILTERS } from '@/pages/requests/board-filters';

/** The paths the build prerenders: the pages listed in app-routes.tsx. */
export { PRERENDERED_PATHS };

/** react-router's static handler over the app's routes: it matches a path and loads its routes' `lazy` code. */
const handler = createStaticHandler(ROUTES);

/**
 * Who the markup is for (ADR 0062): `visitor`, a request without any session cookie, so signed out everywhere and
 * known to be; `unknown`, a request with one, whose session checks are still to answer in the browser.
 */
export type Viewer = 'visitor' | 'unknown';

/** A prerendered first view, and whether it is all of the page's first view: no query was left to answer but the sessions. */
export interface PrerenderedView {
  markup: string;
  complete: boolean;
  /** The answers the markup was rendered from, for the browser's query cache to start with (boot.tsx). */
  state: SentQueries;
}

/**
 * The markup of `#root` for `path` (ADR 0044, P5): the nav bar, the page's header and its skeletons, rendered by the
 * same tree the browser hydrates (main.tsx), so they paint before any script has run. For a visitor the session checks
 * are answered (signed out) before the render, as main.tsx answers them before it hydrates that markup.
 */
export async function prerenderPage(
  path: string,
  viewer: Viewer = 'unknown',
  seed?: (client: QueryClient) => void,
): Promise<PrerenderedView> {
  const client = createQueryClient();
  if (viewer === 'visitor') seedSignedOut(client);
  seed?.(client);
  const markup = await renderWith(path, client);
  return { markup, complete: pendingQueries(client).length === 0, state: answers(client) };
}

/** `#root`'s markup for `url` (a path, with or without a query string) from what `client` holds. */
async function renderWith(url: string, client: QueryClient): Promise<string> {
  return renderRouted(url, await routeAt(url), client);
}

/** The static router at `url`: matched, its routes' code loaded (a route that redirects throws `RedirectError`). */
async function routeAt(url: string) {
  const context = await handler.query(new Request(new URL(url, 'http://paymarket.invalid')));
  if (context instanceof Response) throw new RedirectError(url, context.headers.get('location') ?? '/');
  return { context, router: createStaticRouter(handler.dataRoutes, context) };
}

/** `#root`'s markup of the app under `routed` from what `client` holds. */
function renderRouted(url: string, { context, router }: Awaited<ReturnType<typeof routeAt>>, client: QueryClient): string {
  // No hydration data in the markup (`hydrate={false}`): no route has a loader, and an inline script would be refused
  // by the CSP. The browser's router starts with the same routes loaded (boot.tsx).
  const markup = renderToString(
    <App client={client}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
  // A part still suspended would come out as its fallback and be replaced on hydration; an inline script would be
  // refused by the CSP.
  if (/<script|<template|<!--\$[?!]-->/.test(markup)) throw new NotRenderedError(url);
  return markup;
}

/** A route whose loader redirects (`/sellers-showcase`): no view, but where to go instead. */
class RedirectError extends Error {
  constructor(
    url: string,
    readonly location: string,
  ) {
    super(`prerender ${url}: the route redirects to ${location}`);
  }
}

/** A view with a part that cannot render on the server (its code is loaded on demand in the browser). */
class NotRenderedError extends Error {
  constructor(url: string) {
    super(`prerender ${url}: a part of the page did not render on the server`);
  }
}

/**
 * The queries the page asks for and has no answer to: a list the view shows as a skeleton. One it does not ask
 * (`enabled: false`, e.g. a locked form's options) leaves nothing unshown.
 */
function pendingQueries(client: QueryClient) {
  return client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false });
}

/** The answers in `client`, as the browser's query cache starts with them (boot.tsx). */
function answers(client: QueryClient): SentQueries {
  return client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'success' })
    .map((query) => [query.queryKey, query.state.data]);
}

/** A view rendered for one request (ADR 0065), with the answers it was rendered from; or where its route redirects. */
export type FirstViewAnswer = FirstView | { redirect: string };

export interface FirstView {
  markup: string;
  /** JSON of the answers in the query cache (`SentQueries`), safe inside `<script type="application/json">` (no `<`). */
  state: string;
  /** No query of the view was left without its answer. */
  complete: boolean;
}

/** How many times a view is rendered at most: each render can ask for what the previous answers revealed. */
const FIRST_VIEW_PASSES = 3;

/**
 * The first view of `url` (path and query string) for the person asking (ADR 0065): rendered per request by the
 * gateway, with the answers of the queries the view asks for, read from the gateway's own API with that request's
 * cookies through `fetch`. Each pass renders the page, asks what it wanted and had no answer to, and renders again with
 * the answers: a session check first, then what the session decides (the buyer's orders). A query that fails is left
 * out, so the view shows what it shows before that answer, and the browser asks it again once hydrated. A `visitor`
 * (no session cookie) is signed out without asking.
 */
export async function renderFirstView(
  url: string,
  { visitor, fetch }: { visitor: boolean; fetch: typeof globalThis.fetch },
): Promise<FirstViewAnswer | undefined> {
  try {
    return await renderAnswered(url, visitor, createQueryClient({ fetch }));
  } catch (err) {
    if (err instanceof RedirectError) return { redirect: err.location };
    // Such a page comes as before: its skeleton or an empty root, rendered in the browser.
    if (err instanceof NotRenderedError) return undefined;
    throw err;
  }
}

async function renderAnswered(url: string, visitor: boolean, client: QueryClient): Promise<FirstView> {
  if (visitor) seedSignedOut(client);
  const failed = new Set<string>();
  // Matched once: each pass renders the same routes with more answers.
  const routed = await routeAt(url);
  let markup = renderRouted(url, routed, client);
  for (let pass = 1; pass < FIRST_VIEW_PASSES; pass++) {
    const asked = pendingQueries(client).filter((query) => !failed.has(query.queryHash));
    if (asked.length === 0) break;
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    for (const query of asked) {
      if (query.state.status === 'success') continue;
      failed.add(query.queryHash);
      client.getQueryCache().remove(query);
    }
    markup = renderRouted(url, routed, client);
  }
  return {
    markup,
    state: JSON.stringify(answers(client)).replace(/</g, '\\u003c'),
    complete: pendingQueries(client).length === 0,
  };
}

/** What the build writes to `.vite/prerender.json` for one path (read by the gateway, route-preload.ts). */
export interface PrerenderedPath {
  /** For a request with a session cookie: every session check pending, so nothing that depends on one is shown. */
  unknown: string;
  /** For a request without: signed out. */
  visitor: string;
  /** The visitor's view is the whole first view (no list to load): main.tsx may leave it unhydrated until first used. */
  visitorComplete: boolean;
}

export async function prerenderPath(path: string): Promise<PrerenderedPath> {
  const visitor = await prerenderPage(path, 'visitor');
  return { unknown: (await prerenderPage(path, 'unknown')).markup, visitor: visitor.markup, visitorComplete: visitor.complete };
}

/**
 * How many items of a live list the gateway renders into a visitor's first view (ADR 0063): about a screen on a
 * phone and two rows on a desktop. The view and its markup stay small (each card more is parse, style and layout
 * before the page can answer); once the app runs, the page asks for the rest of its first page (`usePreviewedList`).
 */
export const LIVE_PREVIEW = 6;

/** The first page marked as the gateway's preview (`usePreviewedList` fetches the rest once the app runs). */
function preview(firstPage: unknown): unknown {
  return { ...(firstPage as object), preview: true } satisfies PreviewPage;
}

/**
 * The pages whose first view is a list the gateway reads anyway (ADR 0063): the API path of the list's first page
 * (no filter, no cursor; `limit` items) and where that page goes in the query cache, as the page's own query would
 * put it.
 */
export const LIVE_LISTS: Readonly<Record<string, { api: string; limit: number; seed: (client: QueryClient, firstPage: unknown) => void }>> =
  {
    '/sellers': {
      api: SHOWCASE_PATH,
      limit: LIVE_PREVIEW,
      seed: (client, firstPage) => client.setQueryData([SHOWCASE_PATH], { pages: [preview(firstPage)], pageParams: [null] }),
    },
    '/buyer-requests': {
      api: BUYER_REQUESTS_PATH,
      limit: LIVE_PREVIEW,
      seed: (client, firstPage) => client.setQueryData(boardQueryKey(NO_FILTERS), { pages: [preview(firstPage)], pageParams: [null] }),
    },
  };

/** A visitor's view of a live list page with its first page of data, and that data for the browser's cache. */
export interface LiveView {
  markup: string;
  /** JSON of the answers in the query cache (`SentQueries`), safe inside `<script type="application/json">` (no `<`). */
  state: string;
}

/**
 * The visitor's first view of `path` with `firstPage` (the body of its list's first page, `limit` items) in place of the skeleton:
 * rendered by the gateway per version of that page (web/dist/.vite/ssr, ADR 0063), and complete, so the browser may
 * leave it unhydrated until first used. Undefined for a path with no live list, or when the view still waits on a query.
 */
export async function renderLiveView(path: string, firstPage: unknown): Promise<LiveView | undefined> {
  const list = LIVE_LISTS[path];
  if (!list) return undefined;
  const view = await prerenderPage(path, 'visitor', (client) => list.seed(client, firstPage));
  if (!view.complete) return undefined;
  return { markup: view.markup, state: JSON.stringify(view.state).replace(/</g, '\\u003c') };
}
