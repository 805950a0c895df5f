import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useState, type ReactElement, type ReactNode } from 'react';
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
 * The whole app around its router: the browser's data router (boot.tsx), or the static router when the build or the
 * gateway renders a page's first view (prerender.tsx). One tree for both, so the browser hydrates exactly what was
 * rendered (ADR 0044).
 */
export function App({ client, children }: { client: QueryClient; children: ReactNode }): ReactElement {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        {children}
        <LazyToaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
