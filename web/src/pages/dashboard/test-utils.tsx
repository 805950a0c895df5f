import type { ProviderStatement, SellerStatement, SignedInPayee, StatementLine } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { DashboardPage } from './dashboard';
import { ProviderDashboardPage } from './provider-dashboard';
import { SellerDashboardPage } from './seller-dashboard';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The three dashboard routes, as app-routes registers them, with where the app is now (for redirects). */
export function renderDashboards(path: string): RenderResult {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/dashboard/seller/:id" element={<SellerDashboardPage />} />
          <Route path="/dashboard/provider/:id" element={<ProviderDashboardPage />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Location />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export function payee(overrides: Partial<SignedInPayee> = {}): SignedInPayee {
  return { email: 'lou@maple.example.com', sellers: [], providers: [], ...overrides };
}

export function statementLine(overrides: Partial<StatementLine> = {}): StatementLine {
  return {
    orderId: 'quote_q1',
    paidAt: '2026-11-20T10:00:00.000Z',
    month: '2026-11',
    status: 'completed',
    currency: 'usd',
    totalMinor: '12356',
    feeMinor: '356',
    yourShareMinor: '9000',
    providerShareMinor: '3000',
    refundedMinor: '0',
    yourRefundsMinor: '0',
    dispute: null,
    netMinor: '9000',
    ...overrides,
  };
}

export function sellerStatement(lines: StatementLine[]): SellerStatement {
  return {
    sellerId: 's1',
    from: null,
    to: null,
    lines,
    totals: [
      {
        month: '2026-11',
        currency: 'usd',
        orders: lines.length,
        yourShareMinor: '9000',
        yourRefundsMinor: '0',
        yourHeldMinor: '0',
        yourLostMinor: '0',
        netMinor: '9000',
      },
    ],
  };
}

export function providerStatement(lines: StatementLine[], ready: boolean): ProviderStatement {
  return { ...sellerStatement(lines), providerId: 'p1', payoutAccount: { ready } };
}
