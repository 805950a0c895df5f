import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  MARKETPLACE_TENANT_MESSAGES as M,
  type ConsoleCompany,
  type MarketplaceConsoleResponse,
  type MarketplaceStatement,
  type MarketplaceView,
} from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { DevelopersPage } from './developers';
import { MarketplacePanel } from './marketplace-panel';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;
const company: ConsoleCompany = {
  id: 'c1',
  name: 'Acme Prints',
  email: 'ops@acme.com',
  website: 'https://acme.com',
  apiKey: 'pk_test_1',
  livemode: false,
};
const marketplace: MarketplaceView = {
  id: '77777777-7777-4777-8777-777777777777',
  companyName: 'Acme Prints',
  primaryDomain: 'shop.acme.com',
  domains: ['shop.acme.com'],
  contactEmail: 'ops@acme.com',
  adminEmail: 'admin@acme.com',
  branding: { customBranding: true, displayName: 'Acme Prints', accentColor: null, logoUrl: null },
  fees: { customFees: true, transactionFee: { usd: '3.56', cad: '4.79' }, platformFee: '5' },
  payoutAccountId: null,
  acceptingOrders: false,
  notice: M.PAYOUT_ACCOUNT_REQUIRED,
  version: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};
const statement: MarketplaceStatement = {
  marketplaceId: marketplace.id,
  from: null,
  to: null,
  payoutAccount: { id: 'acct_1PMDemoMapleInk0002', ready: true },
  lines: [
    {
      orderId: 'order_1001',
      paidAt: '2026-11-22T10:00:00.000Z',
      month: '2026-11',
      status: 'partially_refunded',
      currency: 'usd',
      totalMinor: '10356',
      feeMinor: '356',
      yourShareMinor: '500',
      providerShareMinor: '0',
      refundedMinor: '1000',
      yourRefundsMinor: '50',
      dispute: null,
      netMinor: '450',
    },
  ],
  totals: [
    {
      month: '2026-11',
      currency: 'usd',
      orders: 1,
      yourShareMinor: '500',
      yourRefundsMinor: '50',
      yourHeldMinor: '0',
      yourLostMinor: '0',
      netMinor: '450',
    },
  ],
};

type Call = { method: string; url: string; body: unknown; idempotencyKey: string | undefined };
const calls: Call[] = [];

function server(routes: Record<string, (body: unknown, url: string) => Response>): void {
  fetchMock.mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const idempotencyKey = (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
    calls.push({ method, url, body, idempotencyKey });
    const route = routes[`${method} ${url.split('?')[0]}`];
    if (!route) throw new Error(`unexpected ${method} ${url}`);
    return route(body, url);
  });
}

const json = (status: number, body: unknown) => fakeResponse(status, JSON.stringify(body));
const signedIn = { 'GET /api/console/me': () => json(200, { company }) };
const withStatement = { 'GET /api/v1/marketplace/statement': () => json(200, statement) };

function renderPage(): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/developers?tab=marketplace']}>
        <DevelopersPage />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe(MarketplacePanel.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    calls.length = 0;
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('opens from ?tab=marketplace and attaches a candidate with an Idempotency-Key, then shows it', async () => {
    const candidates: MarketplaceConsoleResponse['candidates'] = [
      { id: marketplace.id, companyName: 'Acme Prints', domain: 'shop.acme.com', customFees: true, createdAt: marketplace.createdAt },
      {
        id: '88888888-8888-4888-8888-888888888888',
        companyName: 'Acme Two',
        domain: 'two.acme.com',
        customFees: false,
        createdAt: marketplace.createdAt,
      },
    ];
    server({
      ...signedIn,
      ...withStatement,
      'GET /api/v1/marketplace': () => json(200, { marketplace: null, candidates }),
      'POST /api/v1/marketplace/attach': () => json(200, marketplace),
    });
    const user = userEvent.setup();
    renderPage();

    expect((await screen.findByRole('tab', { name: 'Marketplace' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('two.acme.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Attach shop.acme.com' }));

    expect(await screen.findByText('Marketplace attached')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v1/marketplace/attach',
      body: { marketplaceId: marketplace.id },
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await screen.findByTestId('marketplace-notice')).toHaveProperty('textContent', M.PAYOUT_ACCOUNT_REQUIRED);
    expect(screen.getByText('Not accepting orders')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Attach/ })).toBeNull();
  });

  it('links to /integrate to register a marketplace when none is registered with the contact email', async () => {
    server({ ...signedIn, 'GET /api/v1/marketplace': () => json(200, { marketplace: null, candidates: [] }) });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Register one on the integration page' });
    expect(link.getAttribute('href')).toBe('/integrate');
    expect(screen.queryByRole('button', { name: /^Attach/ })).toBeNull();
  });

  it('saves branding, domains, fees and the payout account with PATCH and an Idempotency-Key, then shows the saved state', async () => {
    server({
      ...signedIn,
      ...withStatement,
      'GET /api/v1/marketplace': () => json(200, { marketplace, candidates: [] }),
      'PATCH /api/v1/marketplace': () =>
        json(200, {
          ...marketplace,
          domains: ['shop.acme.com', 'www.acme.com'],
          branding: { ...marketplace.branding, displayName: 'Acme Market', accentColor: '#4f46e5' },
          fees: { customFees: true, transactionFee: { usd: '2.50', cad: '4.79' }, platformFee: '7.5' },
          payoutAccountId: 'acct_1PMDemoMapleInk0002',
          acceptingOrders: true,
          notice: null,
          version: 3,
        }),
    });
    const user = userEvent.setup();
    renderPage();

    const name = await screen.findByLabelText(/^Display name/);
    await user.clear(name);
    await user.type(name, 'Acme Market');
    await user.type(screen.getByLabelText('Accent colour'), '#4f46e5');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    await user.type(screen.getByLabelText('Domain 2'), 'www.acme.com');
    expect(screen.getByRole('switch', { name: 'Custom fees' })).toHaveProperty('checked', true);
    const usd = screen.getByLabelText('Transaction fee, USD ($)');
    await user.clear(usd);
    await user.type(usd, '2.50');
    const share = screen.getByLabelText('Marketplace share (%)');
    await user.clear(share);
    await user.type(share, '7.5');
    await user.type(screen.getByLabelText(/^Payout account/), 'acct_1PMDemoMapleInk0002');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(M.UPDATED)).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch).toMatchObject({
      url: '/api/v1/marketplace',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      body: {
        displayName: 'Acme Market',
        accentColor: '#4f46e5',
        logoUrl: null,
        customBranding: true,
        domains: ['shop.acme.com', 'www.acme.com'],
        customFees: true,
        transactionFeeUsd: '2.50',
        transactionFeeCad: '4.79',
        platformFee: '7.5',
        payoutAccountId: 'acct_1PMDemoMapleInk0002',
      },
    });
    expect(await screen.findByText('Accepting orders')).toBeTruthy();
    expect(screen.queryByTestId('marketplace-notice')).toBeNull();
    expect((screen.getByLabelText('Domain 2') as HTMLInputElement).value).toBe('www.acme.com');
  });

  it('turns custom fees off without sending fee fields, and removes rows down to one domain', async () => {
    server({
      ...signedIn,
      ...withStatement,
      'GET /api/v1/marketplace': () =>
        json(200, { marketplace: { ...marketplace, domains: ['shop.acme.com', 'old.acme.com'] }, candidates: [] }),
      'PATCH /api/v1/marketplace': () =>
        json(200, { ...marketplace, fees: { customFees: false, transactionFee: null, platformFee: null } }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove domain 1' }));
    expect((screen.getByLabelText('Domain 1 (primary)') as HTMLInputElement).value).toBe('old.acme.com');
    expect(screen.queryByRole('button', { name: /^Remove domain/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Custom fees' }));
    expect(screen.queryByLabelText('Transaction fee, USD ($)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ domains: ['old.acme.com'], customFees: false });
    expect(body).not.toHaveProperty('transactionFeeUsd');
    expect(body).not.toHaveProperty('platformFee');
  });

  it('allows at most five domains', async () => {
    server({ ...signedIn, ...withStatement, 'GET /api/v1/marketplace': () => json(200, { marketplace, candidates: [] }) });
    const user = userEvent.setup();
    renderPage();
    const add = await screen.findByRole('button', { name: 'Add domain' });
    for (let i = 0; i < 4; i++) await user.click(add);
    expect(screen.getByLabelText('Domain 5')).toBeTruthy();
    expect(add).toHaveProperty('disabled', true);
  });

  it('checks the form before sending: messages under the fields, aria-invalid, nothing sent', async () => {
    server({ ...signedIn, ...withStatement, 'GET /api/v1/marketplace': () => json(200, { marketplace, candidates: [] }) });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Accent colour'), 'blue');
    await user.type(screen.getByLabelText('Logo URL'), 'http://insecure.example/logo.png');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    await user.type(screen.getByLabelText('Domain 2'), 'not a domain');
    const share = screen.getByLabelText('Marketplace share (%)');
    await user.clear(share);
    await user.type(share, '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const described = (label: string | RegExp) => {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      return document.getElementById(input.getAttribute('aria-describedby')!)?.textContent;
    };
    expect(described('Accent colour')).toBe(M.ACCENT_COLOR);
    expect(described('Logo URL')).toBe(M.LOGO_URL);
    expect(described('Domain 2')).toBe(M.DOMAIN_INVALID('not a domain'));
    expect(described('Marketplace share (%)')).toBe(M.PLATFORM_FEE);
    // The first invalid field in the page's order has the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Accent colour'));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    // The domains are one field, a list: its message under the rows, the focus on the first row.
    await user.clear(screen.getByLabelText('Accent colour'));
    await user.clear(screen.getByLabelText('Logo URL'));
    await user.clear(share);
    await user.type(share, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Domain 1 (primary)')));
    expect(described('Domain 1 (primary)')).toBe(M.DOMAIN_INVALID('not a domain'));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("shows the server's 409 (domain taken) and 422 (payout account) messages under their fields", async () => {
    let answer = 0;
    const taken = M.DOMAIN_TAKEN('www.acme.com');
    const refused = 'No Stripe account found with this ID';
    server({
      ...signedIn,
      ...withStatement,
      'GET /api/v1/marketplace': () => json(200, { marketplace, candidates: [] }),
      'PATCH /api/v1/marketplace': () =>
        ++answer === 1
          ? json(409, { statusCode: 409, error: 'Conflict', message: taken, fields: { domains: [taken] } })
          : json(422, { statusCode: 422, error: 'Unprocessable Entity', message: refused, fields: { payoutAccountId: [refused] } }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add domain' }));
    await user.type(screen.getByLabelText('Domain 2'), 'www.acme.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const domain = screen.getByLabelText('Domain 2');
    await waitFor(() => expect(domain.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(domain.getAttribute('aria-describedby')!)?.textContent).toBe(taken);

    await user.type(screen.getByLabelText(/^Payout account/), 'acct_1PMDemoNoSuchAcct99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const account = screen.getByLabelText(/^Payout account/);
    await waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(account.getAttribute('aria-describedby')!)?.textContent).toBe(refused);
    // Each refusal ends its submission: the changed form was sent with a new key.
    const keys = calls.filter((c) => c.method === 'PATCH').map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('shows the embed snippet for the primary domain', async () => {
    server({ ...signedIn, ...withStatement, 'GET /api/v1/marketplace': () => json(200, { marketplace, candidates: [] }) });
    renderPage();
    const snippet = (await screen.findByTestId('embed-snippet')).textContent ?? '';
    expect(snippet).toContain(`<script src="${window.location.origin}/widget.js" data-marketplace="shop.acme.com" async></script>`);
  });

  it('shows the statement lines and totals, asks for the months chosen, and links the CSV of the same months', async () => {
    server({ ...signedIn, ...withStatement, 'GET /api/v1/marketplace': () => json(200, { marketplace, candidates: [] }) });
    const user = userEvent.setup();
    renderPage();

    const line = await screen.findByTestId('statement-line');
    expect(within(line).getByText('order_1001')).toBeTruthy();
    expect(within(line).getByText('$5.00 USD')).toBeTruthy();
    expect(within(line).getByText('$4.50 USD')).toBeTruthy();
    expect(within(screen.getByTestId('statement-total')).getByText('$0.50 USD')).toBeTruthy();
    expect(screen.getByTestId('statement-payout').textContent).toContain('acct_1PMDemoMapleInk0002');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/v1/marketplace/statement?format=csv');

    fireEvent.change(screen.getByLabelText('From (month)'), { target: { value: '2026-10' } });
    fireEvent.change(screen.getByLabelText('To (month)'), { target: { value: '2026-11' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));

    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/v1/marketplace/statement?from=2026-10&to=2026-11'));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/marketplace/statement?from=2026-10&to=2026-11&format=csv',
    );
  });

  it("shows the statement route's error instead of a table", async () => {
    server({
      ...signedIn,
      'GET /api/v1/marketplace': () => json(200, { marketplace, candidates: [] }),
      'GET /api/v1/marketplace/statement': () => json(404, { statusCode: 404, error: 'Not Found', message: M.NO_MARKETPLACE }),
    });
    renderPage();
    expect(await screen.findByText(M.NO_MARKETPLACE)).toBeTruthy();
    expect(screen.queryByTestId('statement-line')).toBeNull();
  });
});
