import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AUTH_MESSAGES } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { AccountMenu } from '@/components/account-menu';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { SignInPage } from './sign-in';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;
const buyer = { id: 'b1', name: 'Ada Lovelace', email: 'ada@example.com' };

function renderApp(): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/sign-in']}>
        <AccountMenu />
        <Routes>
          <Route path="/sign-in" element={<SignInPage />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Routes fetch calls by method and path. */
function server(routes: Record<string, () => Response>): void {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected ${key}`);
    return route();
  });
}

describe(SignInPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('asks for the email, then the code, signs in and shows the account menu', async () => {
    let signedIn = false;
    server({
      'GET /api/auth/session': () => (signedIn ? fakeResponse(200, JSON.stringify({ buyer })) : fakeResponse(401, '{}')),
      'POST /api/auth/sign-in/code': () => fakeResponse(202, JSON.stringify({ message: AUTH_MESSAGES.CODE_SENT })),
      'POST /api/auth/sign-in/verify': () => ((signedIn = true), fakeResponse(200, JSON.stringify({ buyer }))),
      'POST /api/auth/sign-out': () => ((signedIn = false), fakeResponse(200, '{}')),
    });
    const user = userEvent.setup();
    renderApp();

    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(AUTH_MESSAGES.EMAIL_INVALID)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Email Address/));
    expect(screen.getByLabelText(/Email Address/).getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText(/Email Address/), ' ADA@example.com ');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(/Enter the 6-digit code we sent to ada@example.com/)).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === '/api/auth/sign-in/code')![1]!.body))).toEqual({
      email: 'ada@example.com',
    });

    await user.type(screen.getByLabelText(/Sign-in code/), '12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(AUTH_MESSAGES.CODE_FORMAT)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Sign-in code/));

    await user.type(screen.getByLabelText(/Sign-in code/), '3456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(screen.getByText('Welcome back, Ada Lovelace!')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Account: Ada Lovelace' }));
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy());
  });

  it('shows the server message when the code is wrong', async () => {
    server({
      'GET /api/auth/session': () => fakeResponse(401, '{}'),
      'POST /api/auth/sign-in/code': () => fakeResponse(202, JSON.stringify({ message: AUTH_MESSAGES.CODE_SENT })),
      'POST /api/auth/sign-in/verify': () =>
        fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.CODE_INVALID })),
    });
    const user = userEvent.setup();
    renderApp();
    await user.type(screen.getByLabelText(/Email Address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByLabelText(/Sign-in code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(AUTH_MESSAGES.CODE_INVALID)).toBeTruthy();
    expect(screen.getByText('Sign-in failed')).toBeTruthy();
  });
});
