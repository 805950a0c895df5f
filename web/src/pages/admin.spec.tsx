import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AUTH_MESSAGES } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { AdminPage } from './admin';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

function renderAdmin(login: () => Response): void {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/admin/session') return fakeResponse(200, '{"admin":null}');
    if (key === 'POST /api/admin/login') return login();
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
});
