import type { SellerProfile } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';

export function renderAt(path: string, routePattern: string, element: ReactElement, extraRoutes: Record<string, ReactElement> = {}): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePattern} element={element} />
          {Object.entries(extraRoutes).map(([p, e]) => (
            <Route key={p} path={p} element={e} />
          ))}
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const XSS = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';

export function seller(overrides: Partial<SellerProfile> = {}): SellerProfile {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    businessName: 'Harbour Print Works',
    sellerName: 'Maya Thompson',
    email: 'maya@example.com',
    phone: '9025550142',
    category: 'printing',
    description: 'Offset and digital printing studio. Business cards, flyers and brochures on recycled stock.',
    products: 'Business cards, flyers, brochures',
    pricing: 'From $29 per 250 cards',
    location: 'Halifax, NS',
    website: 'harbour.example.com',
    averageRating: 0,
    totalRatings: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    payable: false,
    ...overrides,
  };
}
