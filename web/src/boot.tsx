import type { ReactElement } from 'react';
import { BrowserRouter } from '@/lib/router';
import { App } from '@/app';
import { PRERENDERED_PAGES, type LazyPage } from '@/app-routes';
import { seedSignedOut } from '@/hooks/signed-out';
import { queryClient } from '@/lib/queryClient';

/**
 * The app for the browser, and the prerendered page at `path` if there is one: main.tsx's second stage (ADR 0058).
 * For a `visitor` (the page came without any session cookie, ADR 0062) the session checks are answered signed out
 * at once, as in the markup the gateway sent.
 */
export function boot(path: string, { visitor = false }: { visitor?: boolean } = {}): { app: ReactElement; page: LazyPage | undefined } {
  if (visitor) seedSignedOut(queryClient);
  return { app: <App client={queryClient} Router={BrowserRouter} />, page: PRERENDERED_PAGES[path] };
}
