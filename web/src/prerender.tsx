import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@/lib/router';
import { App } from '@/app';
import { PRERENDERED_PAGES } from '@/app-routes';
import { createQueryClient } from '@/lib/queryClient';

/** The paths the build prerenders: the pages listed in app-routes.tsx. */
export const PRERENDERED_PATHS = Object.keys(PRERENDERED_PAGES);

/**
 * The markup of `#root` for `path` (ADR 0044, P5): the nav bar, the page's header and its skeletons, rendered by the
 * same tree the browser hydrates (main.tsx), so they paint before any script has run.
 */
export async function prerenderPage(path: string): Promise<string> {
  await PRERENDERED_PAGES[path]?.preload();
  function AtPath({ children }: { children: ReactNode }): ReactElement {
    return <StaticRouter location={path}>{children}</StaticRouter>;
  }
  // In a Preact build (ADR 0059) react-dom/server is preact-render-to-string, which writes React's
  // suppressHydrationWarning out as an attribute, meaningless to a browser.
  const html = renderToString(<App client={createQueryClient()} Router={AtPath} />).replace(/ suppressHydrationWarning(="")?/gi, '');
  // A part still suspended would come out as its fallback and be replaced on hydration; an inline script would be
  // refused by the CSP.
  if (/<script|<template|<!--\$[?!]-->/.test(html)) throw new Error(`prerender ${path}: a part of the page did not render at build time`);
  return html;
}
