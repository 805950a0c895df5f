import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { AppRoutes } from '@/app-routes';
import { useToast } from '@/hooks/use-toast';

// Radix Toast loads with the first toast rather than with every page (ADR 0044, P5), and stays mounted after it.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

function LazyToaster(): ReactElement | null {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * The whole app under a router: the browser's in main.tsx, a static one when the build prerenders a page's first
 * viewport (prerender.tsx). One tree for both, so the browser hydrates exactly what the build rendered (ADR 0044).
 */
export function App({ client, Router }: { client: QueryClient; Router: ComponentType<{ children: ReactNode }> }): ReactElement {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <Router>
          <AppRoutes />
          <LazyToaster />
        </Router>
      </QueryClientProvider>
    </StrictMode>
  );
}
