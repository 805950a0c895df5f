import type { ReactElement } from 'react';
import { BrowserRouter } from '@/lib/router';
import { App } from '@/app';
import { PRERENDERED_PAGES, type LazyPage } from '@/app-routes';
import { queryClient } from '@/lib/queryClient';

/** The app for the browser, and the prerendered page at `path` if there is one: main.tsx's second stage (ADR 0058). */
export function boot(path: string): { app: ReactElement; page: LazyPage | undefined } {
  return { app: <App client={queryClient} Router={BrowserRouter} />, page: PRERENDERED_PAGES[path] };
}
