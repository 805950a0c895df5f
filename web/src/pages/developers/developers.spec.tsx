import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  CONSOLE_MESSAGES,
  type ApiKeyView,
  type ConsoleCompany,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { DevelopersPage } from './developers';

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
const key: ApiKeyView = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Default key',
  access: 'full',
  prefix: 'sk_test_AbCd',
  createdAt: '2026-11-25T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
};
const endpoint: WebhookEndpointView = {
  id: '22222222-2222-4222-8222-222222222222',
  url: 'https://shop.acme.com/hooks',
  description: null,
  events: ['payment.succeeded'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};
const delivery: WebhookDeliveryView = {
  id: '33333333-3333-4333-8333-333333333333',
  endpointId: endpoint.id,
  eventId: '44444444-4444-4444-8444-444444444444',
  eventType: 'payment.succeeded',
  status: 'failed',
  attempts: 2,
  nextAttemptAt: null,
  lastStatusCode: 500,
  createdAt: '2026-11-25T10:01:00.000Z',
  updatedAt: '2026-11-25T10:02:00.000Z',
};

type Call = { method: string; url: string; body: unknown };
const calls: Call[] = [];

function server(routes: Record<string, (body: unknown) => Response>): void {
  fetchMock.mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url.split('?')[0]}`];
    if (!route) throw new Error(`unexpected ${method} ${url}`);
    return route(body);
  });
}

function renderPage(): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/developers']}>
        <DevelopersPage />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe(DevelopersPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    calls.length = 0;
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('signs in with an emailed code, then shows the keys; a new key secret is shown once', async () => {
    let signedIn = false;
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company: signedIn ? company : null })),
      'POST /api/console/sign-in/code': () => fakeResponse(202, JSON.stringify({ message: CONSOLE_MESSAGES.CODE_SENT })),
      'POST /api/console/sign-in/verify': () => ((signedIn = true), fakeResponse(200, JSON.stringify({ company }))),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [key] })),
      'POST /api/v1/api-keys': (body) =>
        fakeResponse(
          201,
          JSON.stringify({
            ...key,
            id: '55555555-5555-4555-8555-555555555555',
            name: (body as { name: string }).name,
            access: 'read_only',
            secret: 'sk_test_ONCE',
          }),
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/Contact email/), 'OPS@acme.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByLabelText(/Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Signed in as/)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/console/sign-in/verify')?.body).toEqual({ email: 'ops@acme.com', code: '123456' });
    expect(await screen.findByText('sk_test_AbCd…')).toBeTruthy();

    await user.type(screen.getByLabelText(/Name/), 'Reporting');
    await user.selectOptions(screen.getByLabelText('Access'), 'read_only');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('secret-once')).textContent).toBe('sk_test_ONCE');
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/v1/api-keys')?.body).toEqual({
      name: 'Reporting',
      access: 'read_only',
    });
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByTestId('secret-once')).toBeNull();
  });

  it('refuses an empty key name with the field message, and revokes after confirmation', async () => {
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [key] })),
      'DELETE /api/v1/api-keys/11111111-1111-4111-8111-111111111111': () =>
        fakeResponse(200, JSON.stringify({ ...key, revokedAt: new Date().toISOString() })),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('name must be 1-64 characters')).toBeTruthy();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(await screen.findByRole('button', { name: 'Revoke Default key' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    confirm.mockRestore();
  });

  it('shows an endpoint’s delivery log with filters, resends a delivery and replays failed ones', async () => {
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [] })),
      'GET /api/v1/webhook-endpoints': () => fakeResponse(200, JSON.stringify({ data: [endpoint] })),
      [`GET /api/v1/webhook-endpoints/${endpoint.id}/deliveries`]: () =>
        fakeResponse(200, JSON.stringify({ data: [delivery], nextCursor: null })),
      [`POST /api/v1/webhook-deliveries/${delivery.id}/resend`]: () =>
        fakeResponse(202, JSON.stringify({ ...delivery, status: 'pending' })),
      [`POST /api/v1/webhook-endpoints/${endpoint.id}/replay`]: () => fakeResponse(202, JSON.stringify({ queued: 1 })),
      [`GET /api/v1/webhook-deliveries/${delivery.id}`]: () =>
        fakeResponse(
          200,
          JSON.stringify({
            ...delivery,
            attemptLog: [
              { id: 'a1', attemptedAt: delivery.createdAt, statusCode: 500, durationMs: 12, responseBody: 'boom', error: 'HTTP 500' },
            ],
          }),
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    await user.click(await screen.findByRole('button', { name: `Open ${endpoint.url}` }));
    const row = await screen.findByTestId('delivery-row');
    expect(within(row).getByText('failed')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'failed');
    await waitFor(() => expect(calls.some((c) => c.url.includes('/deliveries?') && c.url.includes('status=failed'))).toBe(true));

    await user.click(within(await screen.findByTestId('delivery-row')).getByRole('button', { name: 'Attempts' }));
    expect(await screen.findByText('boom')).toBeTruthy();
    await user.click(within(screen.getByTestId('delivery-row')).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/resend'))).toBe(true));

    const since = screen.getByLabelText('Replay since');
    await user.type(since, '2026-11-25T09:00');
    await user.click(screen.getByRole('button', { name: 'Replay failed deliveries' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/replay'))?.body).toEqual({ since: new Date('2026-11-25T09:00').toISOString() }),
    );
  });
});
