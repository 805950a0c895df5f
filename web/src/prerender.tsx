import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@/lib/router';
import { App } from '@/app';
import { PRERENDERED_PAGES } from '@/app-routes';
import { seedSignedOut } from '@/hooks/signed-out';
import { createQueryClient } from '@/lib/queryClient';

/** The paths the build prerenders: the pages listed in app-routes.tsx. */
export const PRERENDERED_PATHS = Object.keys(PRERENDERED_PAGES);

/**
 * Who the markup is for (ADR 0062): `visitor`, a request without any session cookie, so signed out everywhere and
 * known to be; `unknown`, a request with one, whose session checks are still to answer in the browser.
 */
export type Viewer = 'visitor' | 'unknown';

/** A prerendered first view, and whether it is all of the page's first view: no query was left to answer but the sessions. */
export interface PrerenderedView {
  markup: string;
  complete: boolean;
}

/**
 * The markup of `#root` for `path` (ADR 0044, P5): the nav bar, the page's header and its skeletons, rendered by the
 * same tree the browser hydrates (main.tsx), so they paint before any script has run. For a visitor the session checks
 * are answered (signed out) before the render, as main.tsx answers them before it hydrates that markup.
 */
export async function prerenderPage(path: string, viewer: Viewer = 'unknown'): Promise<PrerenderedView> {
  await PRERENDERED_PAGES[path]?.preload();
  function AtPath({ children }: { children: ReactNode }): ReactElement {
    return <StaticRouter location={path}>{children}</StaticRouter>;
  }
  const client = createQueryClient();
  if (viewer === 'visitor') seedSignedOut(client);
  // In a Preact build (ADR 0059) react-dom/server is preact-render-to-string, which writes React's
  // suppressHydrationWarning out as an attribute, meaningless to a browser.
  const markup = renderToString(<App client={client} Router={AtPath} />).replace(/ suppressHydrationWarning(="")?/gi, '');
  // A part still suspended would come out as its fallback and be replaced on hydration; an inline script would be
  // refused by the CSP.
  if (/<script|<template|<!--\$[?!]-->/.test(markup)) throw new Error(`prerender ${path}: a part of the page did not render at build time`);
  // A query the page asks for and has no answer to: a list the first view shows as a skeleton. One it does not ask
  // (`enabled: false`, e.g. a locked form's options) leaves nothing unshown.
  const pending = client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false });
  return { markup, complete: pending.length === 0 };
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
