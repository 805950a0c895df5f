import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { createQueryClient } from '@/lib/queryClient';
import { NavBar } from './nav-bar';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;
const buyer = { id: 'b1', name: 'Ada Lovelace', email: 'ada@example.com' };
const admin = { id: 'a1', email: 'root@example.com' };

function sessions(state: { buyer?: typeof buyer; admin?: typeof admin }): void {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/auth/session') return fakeResponse(200, JSON.stringify({ buyer: state.buyer ?? null }));
    if (key === 'GET /api/admin/session') return fakeResponse(200, JSON.stringify({ admin: state.admin ?? null }));
    if (key === 'POST /api/auth/sign-out') return ((state.buyer = undefined), fakeResponse(200, '{}'));
    throw new Error(`unexpected ${key}`);
  });
}

function renderBar(): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <NavBar />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe(NavBar.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('offers a visitor Join and Sign in, and the marketplace pages', async () => {
    sessions({});
    renderBar();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(bar).findByRole('link', { name: 'Join' })).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    for (const name of ['Providers', 'Sellers', 'Buyer Requests', 'Direct Payment', 'Integrate Market', 'API Access', 'Payment']) {
      expect(within(bar).getByRole('link', { name })).toBeTruthy();
    }
  });

  it('links sellers and print providers to their dashboard, in the bar and the phone menu, by keyboard', async () => {
    sessions({ buyer });
    const user = userEvent.setup();
    renderBar();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(bar).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');

    const toggle = screen.getByRole('button', { name: 'Menu' });
    toggle.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const link = within(menu).getByRole('link', { name: 'Dashboard' });
    expect(link.getAttribute('href')).toBe('/dashboard');
    await user.tab();
    while (document.activeElement !== link && menu.contains(document.activeElement)) await user.tab();
    expect(document.activeElement).toBe(link);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull());
    expect(within(bar).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows a signed-in buyer their account menu instead of Join and Sign in', async () => {
    sessions({ buyer });
    const user = userEvent.setup();
    renderBar();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    await user.click(await within(bar).findByRole('button', { name: 'Account: Ada Lovelace' }));
    expect(within(bar).queryByRole('link', { name: 'Join' })).toBeNull();
    expect(within(bar).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(within(bar).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/orders');
    expect(within(bar).getByRole('link', { name: 'My requests' }).getAttribute('href')).toBe('/buyer-requests?mine=1');
    await user.click(within(bar).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(bar).getByRole('link', { name: 'Sign in' })).toBeTruthy());
  });

  it('shows a signed-in administrator the admin pages', async () => {
    sessions({ admin });
    const user = userEvent.setup();
    renderBar();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    await user.click(await within(bar).findByRole('button', { name: 'Account: Admin' }));
    expect(within(bar).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(within(bar).getByRole('link', { name: 'Admin dashboard' }).getAttribute('href')).toBe('/admin');
    expect(within(bar).getByRole('button', { name: 'Log out of admin' })).toBeTruthy();
  });

  it('opens the phone menu with every page and the account', async () => {
    sessions({ buyer, admin });
    const user = userEvent.setup();
    renderBar();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Direct Payment' })).toBeTruthy();
    expect(await within(menu).findByText('Ada Lovelace')).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Admin dashboard' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'All orders' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
