import { Suspense, type ReactElement } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { HydrationBoundary } from './hydration-boundary';
import { NavBar } from './nav-bar';

function PageLoading(): ReactElement {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

export function AppLayout(): ReactElement {
  return (
    <div className="flex min-h-screen flex-col">
      <HydrationBoundary>
        <NavBar />
      </HydrationBoundary>
      <main className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <HydrationBoundary>
        <footer className="border-t border-border bg-card">
          <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
            {/* The first paint of some pages is rendered at build time (ADR 0044); the year may have turned since. */}
            <p suppressHydrationWarning>
              © {new Date().getFullYear()} PayMarket. A payment facilitator: funds go straight to sellers and providers.
            </p>
            <nav aria-label="Legal" className="flex gap-4">
              <Link to="/privacy" className="hover:text-foreground">
                Privacy Policy
              </Link>
              <Link to="/delete-account" className="hover:text-foreground">
                Delete Account
              </Link>
            </nav>
          </div>
        </footer>
      </HydrationBoundary>
    </div>
  );
}
