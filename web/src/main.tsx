import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useState, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '@/app-routes';
import { useToast } from '@/hooks/use-toast';
import { queryClient } from '@/lib/queryClient';
import './index.css';

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

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <LazyToaster />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
