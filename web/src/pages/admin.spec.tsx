import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AUTH_MESSAGES } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { AdminPage } from './admin';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

function renderAdmin(login: () => Response, routes: Record<string, (body: unknown) => Response> = {}, session = '{"admin":null}'): void {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/admin/session') return fakeResponse(200, session);
    if (key === 'POST /api/admin/login') return login();
    const route = routes[key];
    if (route) return route(init?.body ? JSON.parse(String(init.body)) : undefined);
    throw new Error(`unexpected ${key}`);
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/admin']}>
        <AdminPage />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const logins = () => fetchMock.mock.calls.filter(([url]) => url === '/api/admin/login');
const calls = (url: string) => fetchMock.mock.calls.filter(([called]) => called === url);

const pending = (step: 'enrol' | 'verify', passkeys = false) => ({
  admin: null,
  secondFactor: { email: 'root@example.com', step, totp: step === 'verify', passkeys },
});
const fieldError = (field: string, message: string) =>
  fakeResponse(400, JSON.stringify({ statusCode: 400, error: 'Bad Request', message, fields: { [field]: [message] } }));

describe(AdminPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('refuses an empty login with the DTO messages under the fields, focused on the first, sending nothing', async () => {
    renderAdmin(() => fakeResponse(500));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(AUTH_MESSAGES.EMAIL_INVALID)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.PASSWORD_REQUIRED)).toBeTruthy();
    const email = screen.getByLabelText(/Email Address/);
    expect(document.activeElement).toBe(email);
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(AUTH_MESSAGES.EMAIL_INVALID);
    expect(logins()).toEqual([]);
  });

  it('clears the password after a refused login and says why', async () => {
    renderAdmin(() =>
      fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.ADMIN_LOGIN_FAILED })),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email Address/), 'root@example.com');
    await user.type(screen.getByLabelText(/Password/), 'not the right password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(AUTH_MESSAGES.ADMIN_LOGIN_FAILED)).toBeTruthy();
    expect((screen.getByLabelText(/Password/) as HTMLInputElement).value).toBe('');
    expect(logins()).toHaveLength(1);
  });

  it('moves on to set up a second factor after the password: QR code, secret, a one-time-code field, then recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcdef-23456${i % 8}`);
    renderAdmin(() => fakeResponse(200, JSON.stringify(pending('enrol'))), {
      'POST /api/admin/second-factor/totp/enrol': () =>
        fakeResponse(
          200,
          JSON.stringify({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,PHN2Zz4=' }),
        ),
      'POST /api/admin/second-factor/totp/confirm': (body) =>
        (body as { code: string }).code === '111111'
          ? fieldError('code', AUTH_MESSAGES.TOTP_CODE_INVALID)
          : fakeResponse(200, JSON.stringify({ admin: { id: 'a1', email: 'root@example.com' }, recoveryCodes: codes })),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email Address/), 'root@example.com');
    await user.type(screen.getByLabelText(/Password/), 'the right password!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));

    expect((await screen.findByRole('img', { name: /QR code/ })).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    const code = screen.getByLabelText(/Authenticator code/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Turn on the authenticator app' }));
    expect(await screen.findByText(AUTH_MESSAGES.TOTP_CODE_FORMAT)).toBeTruthy();
    expect(calls('/api/admin/second-factor/totp/confirm')).toEqual([]);

    await user.clear(screen.getByLabelText(/Authenticator code/));
    await user.type(screen.getByLabelText(/Authenticator code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on the authenticator app' }));
    expect(await screen.findByText(AUTH_MESSAGES.TOTP_CODE_INVALID)).toBeTruthy();

    await user.type(screen.getByLabelText(/Authenticator code/), '222222');
    await user.click(screen.getByRole('button', { name: 'Turn on the authenticator app' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByRole('button', { name: /I saved my recovery codes/ })).toBeTruthy();
  });

  it('asks a later sign-in for the code, offers a recovery code (its own field and message) and a passkey', async () => {
    renderAdmin(
      () => fakeResponse(500),
      {
        'POST /api/admin/second-factor/verify/recovery': () => fieldError('recoveryCode', AUTH_MESSAGES.RECOVERY_CODE_INVALID),
      },
      JSON.stringify(pending('verify', true)),
    );
    const user = userEvent.setup();
    const code = await screen.findByLabelText(/Authenticator code/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(AUTH_MESSAGES.RECOVERY_CODE_FORMAT)).toBeTruthy();
    await user.type(screen.getByLabelText(/Recovery code/), 'ABCDEF-234567');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(AUTH_MESSAGES.RECOVERY_CODE_INVALID)).toBeTruthy();
    expect(JSON.parse(String(calls('/api/admin/second-factor/verify/recovery')[0]![1]!.body))).toEqual({ recoveryCode: 'abcdef234567' });
  });

  // ADR 0074: the dashboard lists the administrator's sessions; ending this device's one signs out (after asking).
  it("shows the dashboard's Sessions section, and ending this device's session returns to the login", async () => {
    const current = {
      id: '11111111-1111-4111-8111-111111111111',
      device: 'Chrome on Linux',
      ip: '203.0.113.7',
      createdAt: new Date().toISOString(),
      lastSeenAt: new Date().toISOString(),
      current: true,
    };
    renderAdmin(
      () => fakeResponse(500),
      {
        'GET /api/admin/companies': () => fakeResponse(200, JSON.stringify({ companies: [] })),
        'GET /api/admin/provider-applications?status=pending': () => fakeResponse(200, '[]'),
        'GET /api/admin/second-factor': () => fakeResponse(200, JSON.stringify({ totp: true, passkeys: [], recoveryCodesLeft: 10 })),
        'GET /api/admin/sessions': () => fakeResponse(200, JSON.stringify({ sessions: [current] })),
        [`DELETE /api/admin/sessions/${current.id}`]: () => fakeResponse(200, JSON.stringify({ ended: 1, signedOut: true })),
      },
      JSON.stringify({ admin: { id: 'a1', email: 'root@example.com' } }),
    );
    const user = userEvent.setup();
    const sessions = await screen.findByRole('region', { name: 'Sessions' });
    await user.click(await within(sessions).findByRole('button', { name: 'End the session on this device' }));
    await user.click(within(sessions).getByRole('button', { name: 'End and sign out' }));

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  // ADR 0075: the dashboard's audit log reads the whole trail; its CSV export carries the filters.
  it('shows the Audit log section with the whole trail and a CSV export', async () => {
    const refunded = {
      id: '00000000-0000-4000-8000-000000000001',
      seq: 1,
      occurredAt: '2026-11-25T10:00:00.000Z',
      recordedAt: '2026-11-25T10:00:00.100Z',
      action: 'order.refunded',
      actor: { type: 'admin', id: 'a1', label: 'root@example.com' },
      ip: '203.0.113.7',
      userAgent: null,
      target: { type: 'order', id: 'o1' },
      companyId: null,
      outcome: 'succeeded',
      before: { refunded: '0.00' },
      after: { refunded: '5.00' },
      producer: 'payments',
    };
    renderAdmin(
      () => fakeResponse(500),
      {
        'GET /api/admin/companies': () => fakeResponse(200, JSON.stringify({ companies: [] })),
        'GET /api/admin/provider-applications?status=pending': () => fakeResponse(200, '[]'),
        'GET /api/admin/second-factor': () => fakeResponse(200, JSON.stringify({ totp: true, passkeys: [], recoveryCodesLeft: 10 })),
        'GET /api/admin/sessions': () => fakeResponse(200, JSON.stringify({ sessions: [] })),
        'GET /api/admin/audit?limit=50': () => fakeResponse(200, JSON.stringify({ entries: [refunded], nextBefore: null })),
      },
      JSON.stringify({ admin: { id: 'a1', email: 'root@example.com' } }),
    );
    const audit = await screen.findByRole('region', { name: 'Audit log' });
    const row = await within(audit).findByTestId('audit-row');
    expect(within(row).getByRole('rowheader').textContent).toContain('Order refunded');
    expect(within(row).getByRole('listitem').textContent).toBe('Refunded: 0.00 →changed to 5.00');
    expect(within(audit).getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/audit.csv');
  });
});
