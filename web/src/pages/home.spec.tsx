import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { createQueryClient } from '@/lib/queryClient';
import { HomePage } from './home';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;
const buyer = { id: 'b1', name: 'Ada Lovelace', email: 'ada@example.com' };
const payee = { email: 'jo@example.com', sellers: [{ id: 's1', businessName: 'Harbour Print Works' }], providers: [] };
const admin = { id: 'a1', email: 'root@example.com' };
const company = { id: 'c1', name: 'Acme', email: 'dev@acme.example' };

/** The four session checks, each answering signed out unless given someone. */
function sessions(state: { buyer?: object; payee?: object; admin?: object; company?: object }): void {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/auth/session') return fakeResponse(200, JSON.stringify({ buyer: state.buyer ?? null }));
    if (key === 'GET /api/admin/session') return fakeResponse(200, JSON.stringify({ admin: state.admin ?? null }));
    if (key === 'GET /api/payee-auth/session') return fakeResponse(200, JSON.stringify({ payee: state.payee ?? null }));
    if (key === 'GET /api/console/me') return fakeResponse(200, JSON.stringify({ company: state.company ?? null }));
    throw new Error(`unexpected ${key}`);
  });
}

function renderHome(): HTMLElement {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('navigation', { name: 'Get started' });
}

describe(HomePage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it("offers a visitor the spec's five buttons, joining included", async () => {
    sessions({});
    const group = renderHome();
    // The prerendered view: the visitor's buttons from the first render, before any session has answered.
    expect(within(group).getByRole('link', { name: 'Join as Buyer' }).getAttribute('href')).toBe('/join');
    expect(within(group).getByRole('link', { name: 'Become a Seller' })).toBeTruthy();
    expect(await screen.findAllByRole('link', { name: /Become a Seller/ })).toHaveLength(2);
  });

  it('offers a signed-in buyer their orders and requests instead of Join as Buyer', async () => {
    sessions({ buyer });
    const group = renderHome();

    expect((await within(group).findByRole('link', { name: 'Your orders' })).getAttribute('href')).toBe('/orders');
    expect(within(group).getByRole('link', { name: 'My requests' }).getAttribute('href')).toBe('/buyer-requests?mine=1');
    expect(within(group).queryByRole('link', { name: 'Join as Buyer' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Become a Seller/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Join/ })).toBeNull();
    for (const name of ['Browse Sellers', 'Buyer Requests', 'Direct Payment'])
      expect(within(group).getByRole('link', { name })).toBeTruthy();
  });

  it.each([
    ['a seller or print provider', { payee }, 'Your dashboard', '/dashboard'],
    ['an administrator', { admin }, 'Admin dashboard', '/admin'],
    ['a console company', { company }, 'Developer console', '/developers'],
  ])('offers %s their next step and no sign-up', async (_who, state, label, href) => {
    sessions(state);
    const group = renderHome();

    expect((await within(group).findByRole('link', { name: label })).getAttribute('href')).toBe(href);
    expect(screen.queryByRole('link', { name: /Join|Become a Seller/ })).toBeNull();
  });
});
