import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { PAYEE_AUTH_MESSAGES } from '@paymarket/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fetchRoutes } from '@/components/payments/testing/fetch-routes';
import { ProviderDashboardPage } from './provider-dashboard';
import { payee, providerStatement, renderDashboards, statementLine } from './test-utils';

const originalFetch = globalThis.fetch;
const PROVIDER_PAYEE = { status: 200, body: { payee: payee({ providers: [{ id: 'p1', name: 'Demo Print Co.' }] }) } };

describe(ProviderDashboardPage.name, () => {
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it("shows the provider's share, disputes and net, and what to do about a payout account not ready", async () => {
    const line = statementLine({
      yourShareMinor: '3000',
      providerShareMinor: '3000',
      dispute: { status: 'needs_response', disputedMinor: '12356', yourDisputedMinor: '3000' },
      netMinor: '3000',
    });
    const api = fetchRoutes({
      'GET /api/payee-auth/session': PROVIDER_PAYEE,
      'GET /api/providers/p1/statement': { status: 200, body: providerStatement([line], false) },
    });
    globalThis.fetch = api.fetch;
    renderDashboards('/dashboard/provider/p1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Print provider dashboard' })).toBeTruthy();
    expect(await screen.findByText('Demo Print Co.')).toBeTruthy();
    expect(await screen.findByText(/Your payout account cannot receive transfers yet/)).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'quote_q1' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'needs response ($30.00 USD)' })).toBeTruthy();
    expect(screen.getAllByRole('cell', { name: '$30.00 USD' }).length).toBeGreaterThan(0);
    // One table for both: the provider's own statement has no separate "Provider share" column.
    expect(screen.queryByRole('columnheader', { name: 'Provider share' })).toBeNull();
    expect(api.callsTo('GET /api/providers/p1/statement')[0]?.headers).toEqual({});
  });

  it('downloads the CSV with the session', async () => {
    const blob = new Blob(['order_id\n'], { type: 'text/csv' });
    const api = fetchRoutes({
      'GET /api/payee-auth/session': PROVIDER_PAYEE,
      'GET /api/providers/p1/statement': { status: 200, body: providerStatement([statementLine()], true) },
    });
    globalThis.fetch = jest.fn<typeof fetch>(async (input, init) => {
      if (String(input) === '/api/providers/p1/statement?format=csv') {
        return { ok: true, status: 200, blob: () => Promise.resolve(blob) } as Response;
      }
      return api.fetch(input, init);
    });
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderDashboards('/dashboard/provider/p1');

    expect(await screen.findByText(/Your payout account can receive transfers/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('paymarket-provider-statement-p1.csv');
    click.mockRestore();
  });

  it('sends a signed-out visitor to /dashboard to sign in', async () => {
    globalThis.fetch = fetchRoutes({ 'GET /api/payee-auth/session': { status: 200, body: { payee: null } } }).fetch;
    renderDashboards('/dashboard/provider/p1');
    expect(await screen.findByText(PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard?provider=p1');
    expect(screen.queryByRole('link', { name: 'your seller profile' })).toBeNull();
  });

  it("says the dashboard is another's on 403", async () => {
    globalThis.fetch = fetchRoutes({
      'GET /api/payee-auth/session': PROVIDER_PAYEE,
      'GET /api/providers/p2/statement': apiError(403, PAYEE_AUTH_MESSAGES.NOT_YOURS),
    }).fetch;
    renderDashboards('/dashboard/provider/p2');
    expect((await screen.findByRole('alert')).textContent).toContain(PAYEE_AUTH_MESSAGES.NOT_YOURS);
  });
});
