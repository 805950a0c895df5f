import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { PAYEE_AUTH_MESSAGES } from '@paymarket/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fetchRoutes, findToast } from '@/components/payments/testing/fetch-routes';
import { SellerDashboardPage } from './seller-dashboard';
import { payee, renderDashboards, sellerStatement, statementLine } from './test-utils';

const originalFetch = globalThis.fetch;
const SELLER = { status: 200, body: { id: 's1', businessName: 'Maple Ink', payable: true } };
const STATEMENT = {
  status: 200,
  body: sellerStatement([
    statementLine(),
    statementLine({
      orderId: 'quote_q2',
      dispute: { status: 'needs_response', disputedMinor: '8356', yourDisputedMinor: '8000' },
      netMinor: '8000',
      yourShareMinor: '8000',
      providerShareMinor: '0',
    }),
  ]),
};

describe(SellerDashboardPage.name, () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
    window.localStorage.clear();
  });

  it('reads the statement with the dashboard session that owns the seller, not the edit token', async () => {
    window.localStorage.setItem('seller_auth_s1', 'tok-1');
    const api = fetchRoutes({
      'GET /api/payee-auth/session': { status: 200, body: { payee: payee({ sellers: [{ id: 's1', businessName: 'Maple Ink' }] }) } },
      'GET /api/sellers/s1': SELLER,
      'GET /api/sellers/s1/statement': STATEMENT,
    });
    globalThis.fetch = api.fetch;
    renderDashboards('/dashboard/seller/s1');

    expect(await screen.findByRole('cell', { name: 'quote_q1' })).toBeTruthy();
    expect(api.callsTo('GET /api/sellers/s1/statement')[0]?.headers).toEqual({});
    expect(screen.getByText('Your payout account is connected: buyers can pay you.')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Provider share' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'needs response ($80.00 USD)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Net earnings per month' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('signs out back to the sign-in for this seller', async () => {
    let signedIn = true;
    globalThis.fetch = fetchRoutes({
      'GET /api/payee-auth/session': () => ({
        status: 200,
        body: { payee: signedIn ? payee({ sellers: [{ id: 's1', businessName: 'Maple Ink' }] }) : null },
      }),
      'POST /api/payee-auth/sign-out': () => ((signedIn = false), { status: 200, body: {} }),
      'GET /api/sellers/s1': SELLER,
      'GET /api/sellers/s1/statement': STATEMENT,
    }).fetch;
    const user = userEvent.setup();
    renderDashboards('/dashboard/seller/s1');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await findToast('You are signed out of your dashboard.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard?seller=s1'));
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeTruthy();
  });

  it('still works with the edit token kept in this browser', async () => {
    window.localStorage.setItem('seller_auth_s1', 'tok-1');
    const api = fetchRoutes({
      'GET /api/payee-auth/session': { status: 200, body: { payee: null } },
      'GET /api/sellers/s1': SELLER,
      'GET /api/sellers/s1/statement': STATEMENT,
    });
    globalThis.fetch = api.fetch;
    renderDashboards('/dashboard/seller/s1');

    expect(await screen.findByRole('cell', { name: 'quote_q2' })).toBeTruthy();
    expect(api.callsTo('GET /api/sellers/s1/statement')[0]?.headers).toEqual({ Authorization: 'Bearer tok-1' });
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('sends a visitor with neither to /dashboard to sign in', async () => {
    const api = fetchRoutes({
      'GET /api/payee-auth/session': { status: 200, body: { payee: null } },
      'GET /api/sellers/s1': SELLER,
    });
    globalThis.fetch = api.fetch;
    renderDashboards('/dashboard/seller/s1');

    expect(await screen.findByText(PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard?seller=s1');
    expect(api.callsTo('GET /api/sellers/s1/statement')).toHaveLength(0);
  });

  it("says the dashboard is another's on 403", async () => {
    globalThis.fetch = fetchRoutes({
      'GET /api/payee-auth/session': { status: 200, body: { payee: payee({ sellers: [{ id: 's2', businessName: 'Other' }] }) } },
      'GET /api/sellers/s1': SELLER,
      'GET /api/sellers/s1/statement': apiError(403, PAYEE_AUTH_MESSAGES.NOT_YOURS),
    }).fetch;
    renderDashboards('/dashboard/seller/s1');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PAYEE_AUTH_MESSAGES.NOT_YOURS);
    expect(within(alert).getByRole('link', { name: 'Your dashboards' }).getAttribute('href')).toBe('/dashboard');
    await waitFor(() => expect(screen.queryByText('Loading your statement...')).toBeNull());
  });
});
