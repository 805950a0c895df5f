import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  CONSOLE_MESSAGES,
  WEBHOOK_DELIVERY_MESSAGES,
  WEBHOOK_ENDPOINT_MESSAGES,
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
    await user.type(await screen.findByLabelText(/Sign-in code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Signed in as/)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/console/sign-in/verify')?.body).toEqual({ email: 'ops@acme.com', code: '123456' });
    expect(await screen.findByText('sk_test_AbCd…')).toBeTruthy();

    await user.type(screen.getByLabelText(/Name/), 'Reporting');
    await user.selectOptions(screen.getByLabelText('Access'), 'read_only');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('secret-once')).textContent).toBe('sk_test_ONCE');
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/v1/api-keys')).toMatchObject({
      body: { name: 'Reporting', access: 'read_only' },
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
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
    const name = screen.getByLabelText(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Revoking asks first: cancelling sends nothing.
    await user.click(await screen.findByRole('button', { name: 'Revoke Default key' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Revoke Default key' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/v1/api-keys/${key.id}`]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('rolls a key with the chosen overlap (0-24 h, checked before sending) and shows the new secret once', async () => {
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [key] })),
      [`POST /api/v1/api-keys/${key.id}/roll`]: () =>
        fakeResponse(201, JSON.stringify({ ...key, id: '66666666-6666-4666-8666-666666666666', secret: 'sk_test_ROLLED' })),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Roll Default key' }));
    const dialog = await screen.findByRole('dialog');
    const hours = within(dialog).getByLabelText(/Keep the old key working for/);
    await user.clear(hours);
    await user.type(hours, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Roll key' }));
    expect(await within(dialog).findByText('expiresInHours must be a whole number of hours from 0 to 24')).toBeTruthy();
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(hours.getAttribute('aria-describedby')!)?.textContent).toBe(
      'expiresInHours must be a whole number of hours from 0 to 24',
    );
    expect(document.activeElement).toBe(hours);
    expect(calls.some((c) => c.url.endsWith('/roll'))).toBe(false);

    await user.clear(hours);
    await user.type(hours, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Roll key' }));
    expect((await screen.findByTestId('secret-once')).textContent).toBe('sk_test_ROLLED');
    expect(calls.find((c) => c.url.endsWith('/roll'))?.body).toEqual({ expiresInHours: 2 });
    expect(screen.getByText('The previous key keeps working for 2 h, then answers 401.')).toBeTruthy();
  });

  it("shows the API's 400 field messages next to the fields when it refuses a new endpoint", async () => {
    const message = 'url must not point to a private, loopback or link-local address';
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [] })),
      'GET /api/v1/webhook-endpoints': () => fakeResponse(200, JSON.stringify({ data: [] })),
      'POST /api/v1/webhook-endpoints': () =>
        fakeResponse(400, JSON.stringify({ statusCode: 400, error: 'Bad Request', message, fields: { url: [message] } })),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    // Checked before sending: no events.
    await user.click(await screen.findByLabelText('payment.succeeded'));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(/^events must be a non-empty list of:/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByLabelText('order.updated'));
    await user.type(screen.getByLabelText(/^URL/), 'http://10.0.0.1/hooks');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const url = screen.getByLabelText(/^URL/);
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(url.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ url: 'http://10.0.0.1/hooks', events: ['order.updated'] });
  });

  it('refuses an endpoint without a URL or events with the contract messages under the fields, focused, nothing sent', async () => {
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [] })),
      'GET /api/v1/webhook-endpoints': () => fakeResponse(200, JSON.stringify({ data: [endpoint] })),
      [`GET /api/v1/webhook-endpoints/${endpoint.id}/deliveries`]: () => fakeResponse(200, JSON.stringify({ data: [], nextCursor: null })),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    const add = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    await user.click(within(add).getByRole('button', { name: 'Add endpoint' }));
    const url = within(add).getByLabelText(/^URL/);
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(url.getAttribute('aria-describedby')!)?.textContent).toBe(WEBHOOK_ENDPOINT_MESSAGES.URL);
    expect(document.activeElement).toBe(url);

    // The edit form shares the fields: no events left is the contract's message, on the first checkbox.
    await user.click(await screen.findByRole('button', { name: `Open ${endpoint.url}` }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('form', { name: 'Edit the endpoint' });
    await user.click(within(edit).getByLabelText('payment.succeeded'));
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await within(edit).findByText(WEBHOOK_ENDPOINT_MESSAGES.EVENTS)).toBeTruthy();
    expect(document.activeElement).toBe(within(edit).getAllByRole('checkbox')[0]);
    expect(calls.some((c) => c.method === 'POST' || c.method === 'PATCH')).toBe(false);
  });

  it('edits an endpoint (PATCH with only what changed), disables it and rolls its secret with an overlap', async () => {
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [] })),
      'GET /api/v1/webhook-endpoints': () => fakeResponse(200, JSON.stringify({ data: [endpoint] })),
      [`GET /api/v1/webhook-endpoints/${endpoint.id}/deliveries`]: () => fakeResponse(200, JSON.stringify({ data: [], nextCursor: null })),
      [`PATCH /api/v1/webhook-endpoints/${endpoint.id}`]: (body) => fakeResponse(200, JSON.stringify({ ...endpoint, ...(body as object) })),
      [`POST /api/v1/webhook-endpoints/${endpoint.id}/secret/roll`]: () =>
        fakeResponse(201, JSON.stringify({ secret: 'whsec_NEW', previousSecretExpiresAt: '2026-11-25T12:00:00.000Z' })),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    await user.click(await screen.findByRole('button', { name: `Open ${endpoint.url}` }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit the endpoint' });
    await user.click(within(form).getByLabelText('order.updated'));
    await user.type(within(form).getByLabelText('Description'), 'Shop');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        description: 'Shop',
        events: ['payment.succeeded', 'order.updated'],
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')[1]?.body).toEqual({ enabled: false }));

    await user.click(screen.getByRole('button', { name: 'Roll secret' }));
    const dialog = await screen.findByRole('dialog');
    const hours = within(dialog).getByLabelText(/Keep signing with the old secret for/);
    await user.clear(hours);
    await user.type(hours, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Roll secret now' }));
    expect(await within(dialog).findByText(WEBHOOK_ENDPOINT_MESSAGES.EXPIRES_IN_HOURS)).toBeTruthy();
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(hours);
    expect(calls.some((c) => c.url.endsWith('/secret/roll'))).toBe(false);
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Roll secret now' }));
    expect((await screen.findByTestId('secret-once')).textContent).toBe('whsec_NEW');
    expect(calls.find((c) => c.url.endsWith('/secret/roll'))?.body).toEqual({ expiresInHours: 0 });
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
    await user.selectOptions(screen.getByLabelText('Filter by event'), 'payment.succeeded');
    await user.type(screen.getByLabelText('Created since'), '2026-11-25T08:00');
    await waitFor(() => {
      const query = new URLSearchParams(
        calls
          .filter((c) => c.url.includes('/deliveries?'))
          .at(-1)!
          .url.split('?')[1],
      );
      expect(Object.fromEntries(query)).toEqual({
        status: 'failed',
        eventType: 'payment.succeeded',
        since: new Date('2026-11-25T08:00').toISOString(),
        limit: '20',
      });
    });

    await user.click(within(await screen.findByTestId('delivery-row')).getByRole('button', { name: 'Attempts' }));
    expect(await screen.findByText('boom')).toBeTruthy();
    await user.click(within(screen.getByTestId('delivery-row')).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/resend')).map((c) => c.url)).toEqual([
        `/api/v1/webhook-deliveries/${delivery.id}/resend`,
      ]),
    );

    // Replay needs a time: refused next to the field before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Replay failed deliveries' }));
    expect(await screen.findByText(WEBHOOK_DELIVERY_MESSAGES.REPLAY_SINCE)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Replay every failed delivery since'));
    expect(calls.some((c) => c.url.endsWith('/replay'))).toBe(false);
    await user.type(screen.getByLabelText('Replay every failed delivery since'), '2026-11-25T09:00');
    await user.click(screen.getByRole('button', { name: 'Replay failed deliveries' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/replay'))?.body).toEqual({ since: new Date('2026-11-25T09:00').toISOString() }),
    );
    expect(await screen.findByText('1 failed delivery will be sent again.')).toBeTruthy();
  });

  it('loads the next page of the delivery log with the nextCursor it was given', async () => {
    const older: WebhookDeliveryView = { ...delivery, id: '77777777-7777-4777-8777-777777777777', eventType: 'order.updated' };
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [] })),
      'GET /api/v1/webhook-endpoints': () => fakeResponse(200, JSON.stringify({ data: [endpoint] })),
      [`GET /api/v1/webhook-endpoints/${endpoint.id}/deliveries`]: (_body, url) =>
        url.includes('cursor=page2')
          ? fakeResponse(200, JSON.stringify({ data: [older], nextCursor: null }))
          : fakeResponse(200, JSON.stringify({ data: [delivery], nextCursor: 'page2' })),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    await user.click(await screen.findByRole('button', { name: `Open ${endpoint.url}` }));
    expect(await screen.findAllByTestId('delivery-row')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(2));
    expect(within(screen.getAllByTestId('delivery-row')[1]!).getByText('order.updated')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  // ADR 0048's retry audit: a retry after a lost answer must not make a second key, endpoint or test event.
  const posts = (url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);
  const lost = () => fakeResponse(503, JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Try again.' }));

  it('resends the same Idempotency-Key when adding an endpoint is retried, and a new one for the next endpoint', async () => {
    let answer = lost;
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [] })),
      'GET /api/v1/webhook-endpoints': () => fakeResponse(200, JSON.stringify({ data: [] })),
      [`GET /api/v1/webhook-endpoints/${endpoint.id}/deliveries`]: () => fakeResponse(200, JSON.stringify({ data: [], nextCursor: null })),
      'POST /api/v1/webhook-endpoints': () => answer(),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    await user.type(await screen.findByLabelText(/^URL/), endpoint.url);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(posts('/api/v1/webhook-endpoints')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add endpoint' }).hasAttribute('disabled')).toBe(false));

    answer = () => fakeResponse(201, JSON.stringify({ ...endpoint, secret: 'whsec_ONCE' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByTestId('secret-once')).textContent).toBe('whsec_ONCE');
    const [first, retry] = posts('/api/v1/webhook-endpoints');
    expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toEqual(first);
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));

    // Done: the same URL added again is a new endpoint, with a new key.
    await user.type(screen.getByLabelText(/^URL/), endpoint.url);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(posts('/api/v1/webhook-endpoints')).toHaveLength(3));
    expect(posts('/api/v1/webhook-endpoints')[2]!.body).toEqual(first!.body);
    expect(posts('/api/v1/webhook-endpoints')[2]!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it('sends a test event with one key per click: kept for a retry after a lost answer, new after a refusal', async () => {
    const answers = [
      lost,
      () => fakeResponse(409, JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'The endpoint is disabled.' })),
      () => fakeResponse(202, JSON.stringify({ ...delivery, eventType: 'webhook.test', status: 'pending' })),
    ];
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [] })),
      'GET /api/v1/webhook-endpoints': () => fakeResponse(200, JSON.stringify({ data: [endpoint] })),
      [`GET /api/v1/webhook-endpoints/${endpoint.id}/deliveries`]: () => fakeResponse(200, JSON.stringify({ data: [], nextCursor: null })),
      [`POST /api/v1/webhook-endpoints/${endpoint.id}/test`]: () => answers.shift()!(),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    await user.click(await screen.findByRole('button', { name: `Open ${endpoint.url}` }));
    const send = async (n: number) => {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send test event' }).hasAttribute('disabled')).toBe(false));
      await user.click(screen.getByRole('button', { name: 'Send test event' }));
      await waitFor(() => expect(posts(`/api/v1/webhook-endpoints/${endpoint.id}/test`)).toHaveLength(n));
    };
    await send(1);
    expect(await screen.findByText('Could not send a test event')).toBeTruthy();
    await send(2);
    expect(await screen.findByText('The endpoint is disabled.')).toBeTruthy();
    await send(3);
    expect(await screen.findByText('Test event queued')).toBeTruthy();
    const [lostOne, retry, afterRefusal] = posts(`/api/v1/webhook-endpoints/${endpoint.id}/test`).map((c) => c.idempotencyKey);
    expect(lostOne).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(lostOne);
    expect(afterRefusal).toMatch(/^[0-9a-f-]{36}$/);
    expect(afterRefusal).not.toBe(lostOne);
  });

  it("retries creating a key with the same Idempotency-Key and shows the API's answer when the key was already made", async () => {
    const message =
      'An API key was already created with this Idempotency-Key: "CI" (sk_test_AbCd…, id 5555). Its secret is shown only once.';
    const answers = [lost, () => fakeResponse(409, JSON.stringify({ statusCode: 409, error: 'Conflict', message }))];
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [key] })),
      'POST /api/v1/api-keys': () => answers.shift()!(),
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/Name/), 'CI');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(posts('/api/v1/api-keys')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create key' }).hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(message)).toBeTruthy();
    const [first, retry] = posts('/api/v1/api-keys');
    expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toEqual(first);
  });

  it('rolls a key with one Idempotency-Key: kept for a retry after a lost answer, a new one for the next roll', async () => {
    const rolled = { ...key, id: '66666666-6666-4666-8666-666666666666', secret: 'sk_test_ROLLED' };
    const answers = [lost, () => fakeResponse(201, JSON.stringify(rolled)), () => fakeResponse(201, JSON.stringify(rolled))];
    const url = `/api/v1/api-keys/${key.id}/roll`;
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [key] })),
      [`POST ${url}`]: () => answers.shift()!(),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Roll Default key' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Roll key' }));
    await waitFor(() => expect(posts(url)).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Roll key' }).hasAttribute('disabled')).toBe(false));
    // The answer was lost: the retry sends the same key, so the API makes no second new key.
    await user.click(within(dialog).getByRole('button', { name: 'Roll key' }));
    expect((await screen.findByTestId('secret-once')).textContent).toBe('sk_test_ROLLED');
    const [first, retry] = posts(url);
    expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toEqual(first);
    expect(first!.body).toEqual({ expiresInHours: 24 });
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));

    // Done: the next roll, even with the same overlap, is another roll with another key.
    await user.click(await screen.findByRole('button', { name: 'Roll Default key' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Roll key' }));
    await waitFor(() => expect(posts(url)).toHaveLength(3));
    expect(posts(url)[2]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts(url)[2]!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it("rolls an endpoint's secret with one Idempotency-Key, kept for a retry after a lost answer", async () => {
    const answers = [lost, () => fakeResponse(201, JSON.stringify({ secret: 'whsec_NEW', previousSecretExpiresAt: null }))];
    const url = `/api/v1/webhook-endpoints/${endpoint.id}/secret/roll`;
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [] })),
      'GET /api/v1/webhook-endpoints': () => fakeResponse(200, JSON.stringify({ data: [endpoint] })),
      [`GET /api/v1/webhook-endpoints/${endpoint.id}/deliveries`]: () => fakeResponse(200, JSON.stringify({ data: [], nextCursor: null })),
      [`POST ${url}`]: () => answers.shift()!(),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    await user.click(await screen.findByRole('button', { name: `Open ${endpoint.url}` }));
    await user.click(await screen.findByRole('button', { name: 'Roll secret' }));
    const dialog = await screen.findByRole('dialog');
    const hours = within(dialog).getByLabelText(/Keep signing with the old secret for/);
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Roll secret now' }));
    await waitFor(() => expect(posts(url)).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Roll secret now' }).hasAttribute('disabled')).toBe(false));
    // The answer was lost: the retry sends the same key, so the API does not roll again from the unseen secret.
    await user.click(within(dialog).getByRole('button', { name: 'Roll secret now' }));
    expect((await screen.findByTestId('secret-once')).textContent).toBe('whsec_NEW');
    const [first, retry] = posts(url);
    expect(first).toMatchObject({ body: { expiresInHours: 0 }, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(retry).toEqual(first);
  });

  // ADR 0075: the company's own audit log, in its own tab (the server scopes it by the console session).
  it('has an Audit log tab that reads /api/console/audit and exports it as CSV', async () => {
    server({
      'GET /api/console/me': () => fakeResponse(200, JSON.stringify({ company })),
      'GET /api/v1/api-keys': () => fakeResponse(200, JSON.stringify({ data: [key] })),
      'GET /api/console/audit': () =>
        fakeResponse(
          200,
          JSON.stringify({
            entries: [
              {
                id: '00000000-0000-4000-8000-000000000001',
                seq: 1,
                occurredAt: '2026-11-25T10:00:00.000Z',
                recordedAt: '2026-11-25T10:00:00.100Z',
                action: 'api_key.revoked',
                actor: { type: 'console', id: 's1', label: company.email },
                ip: '203.0.113.7',
                userAgent:
                  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
                target: { type: 'api_key', id: key.id },
                companyId: company.id,
                outcome: 'succeeded',
                before: { status: 'active' },
                after: { status: 'revoked' },
                producer: 'onboarding',
              },
            ],
            nextBefore: null,
          }),
        ),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));

    const row = await screen.findByTestId('audit-row');
    expect(within(row).getByText('Safari on macOS')).toBeTruthy();
    expect(within(row).getByRole('listitem').textContent).toBe('Status: active →changed to revoked');
    expect(calls.filter((c) => c.url.startsWith('/api/console/audit')).map((c) => c.url)).toEqual(['/api/console/audit?limit=50']);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/console/audit.csv');
  });
});
