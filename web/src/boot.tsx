import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from '@/app';
import { loadRoutesAt, ROUTES } from '@/app-routes';
import { seedSignedOut } from '@/hooks/signed-out';
import { queryClient } from '@/lib/queryClient';

/** Answers of the query cache a view was rendered from, sent with it (ADR 0063): each query's key and data. */
export type SentQueries = ReadonlyArray<readonly [QueryKey, unknown]>;

/**
 * The app for the browser at `path`, its page's code loaded: main.tsx's second stage (ADR 0058). The router starts
 * with the page ready, so a prerendered page hydrates in one pass and any other renders at once.
 * For a `visitor` (the page came without any session cookie, ADR 0062) the session checks are answered signed out
 * at once, as in the markup the gateway sent. `state` is the query cache the gateway rendered a live list's view from
 * (ADR 0063): the list is in the cache before the markup is hydrated, as it was when the markup was rendered.
 */
export async function boot(
  path: string,
  { visitor = false, state = [] }: { visitor?: boolean; state?: SentQueries } = {},
): Promise<ReactElement> {
  if (visitor) seedSignedOut(queryClient);
  for (const [key, data] of state) queryClient.setQueryData(key, data);
  return browserApp(queryClient, path);
}

/** The app under the browser's data router, with the code of the routes at `path` loaded (`loadRoutesAt`). */
export async function browserApp(client: QueryClient, path: string): Promise<ReactElement> {
  // Should the page's code fail to load, the router loads it again and its error boundary reports it.
  await loadRoutesAt(path).catch(() => undefined);
  const router = createBrowserRouter(ROUTES);
  return (
    <App client={client}>
      <RouterProvider router={router} />
    </App>
  );
}
