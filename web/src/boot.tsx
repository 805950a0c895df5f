import type { QueryKey } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { BrowserRouter } from '@/lib/router';
import { App } from '@/app';
import { PRERENDERED_PAGES, type LazyPage } from '@/app-routes';
import { seedSignedOut } from '@/hooks/signed-out';
import { queryClient } from '@/lib/queryClient';

/** Answers of the query cache a view was rendered from, sent with it (ADR 0063): each query's key and data. */
export type SentQueries = ReadonlyArray<readonly [QueryKey, unknown]>;

/**
 * The app for the browser, and the prerendered page at `path` if there is one: main.tsx's second stage (ADR 0058).
 * For a `visitor` (the page came without any session cookie, ADR 0062) the session checks are answered signed out
 * at once, as in the markup the gateway sent. `state` is the query cache the gateway rendered a live list's view from
 * (ADR 0063): the list is in the cache before the markup is hydrated, as it was when the markup was rendered.
 */
export function boot(
  path: string,
  { visitor = false, state = [] }: { visitor?: boolean; state?: SentQueries } = {},
): { app: ReactElement; page: LazyPage | undefined } {
  if (visitor) seedSignedOut(queryClient);
  for (const [key, data] of state) queryClient.setQueryData(key, data);
  return { app: <App client={queryClient} Router={BrowserRouter} />, page: PRERENDERED_PAGES[path] };
}
