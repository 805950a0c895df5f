import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { BuyerRequestListResponse, BuyerRequestView } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { BuyerRequestsPage } from './buyer-requests';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

const card = (overrides: Partial<BuyerRequestView> = {}): BuyerRequestView => ({
  id: '6f1c2d43-8a5e-4b7f-9c3d-2e1f0a9b8c7d',
  title: 'Wedding invitations',
  description: 'Letterpress, 120 pieces',
  category: 'marketing-materials',
  budget: '$300',
  timeline: '3 weeks',
  location: 'Toronto',
  buyerName: 'Ada',
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  mine: false,
  ...overrides,
});

function respond(board: (url: URL) => BuyerRequestListResponse, me: number = 401): void {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/session')
      return me === 200
        ? fakeResponse(200, JSON.stringify({ buyer: { id: 'b', name: 'Ada', email: 'ada@example.com' } }))
        : fakeResponse(401, '{}');
    if (url.pathname === '/api/buyer-requests') return fakeResponse(200, JSON.stringify(board(url)));
    return fakeResponse(404, '{}');
  });
}

function renderPage(path = '/buyer-requests'): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <BuyerRequestsPage />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe(BuyerRequestsPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
    window.localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('shows a signed-in buyer their own requests under My requests, without Join or Contact Buyer on their cards', async () => {
    const user = userEvent.setup();
    respond(
      () => ({
        requests: [card({ id: 'mine-1', title: 'My banners', mine: true }), card({ id: 'other-1', title: 'Their flyers' })],
        stats: { total: 2, categories: {} },
        nextCursor: null,
      }),
      200,
    );
    renderPage('/buyer-requests?mine=1');

    const mine = await screen.findByRole('article', { name: 'My banners' });
    expect(screen.queryByRole('article', { name: 'Their flyers' })).toBeNull();
    expect(within(mine).queryByRole('button', { name: 'Contact Buyer' })).toBeNull();
    expect(within(mine).getByText('Your request')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Join as a buyer' })).toBeNull();
    expect(screen.getByText(/You are signed in as Ada/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'My requests', pressed: true }));
    const other = await screen.findByRole('article', { name: 'Their flyers' });
    expect(within(other).getByRole('button', { name: 'Contact Buyer' })).toBeTruthy();
  });

  it('shows the first-post hint on an empty board, and the adjust-filters hint once a filter is active', async () => {
    const user = userEvent.setup();
    respond(() => ({ requests: [], stats: { total: 0, categories: {} }, nextCursor: null }));
    renderPage();

    expect(await screen.findByText('No Requests Found')).toBeTruthy();
    expect(screen.getByText('Be the first to post a request!')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Filter by budget'), 'under-100');
    expect(await screen.findByText('Try adjusting your search filters')).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith('/api/buyer-requests'));
    expect(asked).toContain('/api/buyer-requests?budget=under-100');
  });

  it('sends category and text filters to the server and shows the cards with the Active Requests count', async () => {
    const user = userEvent.setup();
    respond((url) => ({
      requests: url.searchParams.get('category') === 'packaging' ? [] : [card()],
      stats: { total: 7, categories: { 'marketing-materials': 7 } },
      nextCursor: null,
    }));
    renderPage();

    const list = await screen.findByRole('list', { name: 'Buyer requests' });
    expect(within(list).getByText('Wedding invitations')).toBeTruthy();
    expect(within(list).getByText('by Ada')).toBeTruthy();
    expect(screen.getByTestId('active-requests-count').textContent).toBe('7');
    // Only the owner sees edit and delete.
    expect(screen.queryByRole('button', { name: 'Edit Wedding invitations' })).toBeNull();

    const urls = () => fetchMock.mock.calls.map(([input]) => String(input));
    await user.type(screen.getByLabelText('Search requests'), 'invit');
    // The search is debounced, then asked of the server.
    await waitFor(() => expect(urls()).toContain('/api/buyer-requests?q=invit'));
    await user.selectOptions(screen.getByLabelText('Filter by category'), 'packaging');
    expect(await screen.findByText('Try adjusting your search filters')).toBeTruthy();
    expect(urls()).toContain('/api/buyer-requests?q=invit&category=packaging');
  });

  it('tells a visitor without a seller profile how to become one instead of sending anything', async () => {
    const user = userEvent.setup();
    respond(() => ({ requests: [card()], stats: { total: 1, categories: {} }, nextCursor: null }));
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Contact Buyer' }));
    expect(await screen.findByText(/Only registered sellers can contact buyers/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Seller' }).getAttribute('href')).toBe('/seller-registration');
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/contact'))).toBe(false);
  });

  it('shows edit and delete on the signed-in buyer’s own cards, with the exact delete confirmation', async () => {
    const user = userEvent.setup();
    respond(() => ({ requests: [card({ mine: true })], stats: { total: 1, categories: {} }, nextCursor: null }), 200);
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete Wedding invitations' }));
    expect(await screen.findByText('Are you sure you want to delete "Wedding invitations"? This action cannot be undone.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('refuses to post without title, description and email, with the spec message, sending nothing', async () => {
    const user = userEvent.setup();
    respond(() => ({ requests: [], stats: { total: 0, categories: {} }, nextCursor: null }));
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Post New Request' }));
    await user.click(await screen.findByRole('button', { name: 'Post Request' }));
    expect((await screen.findAllByText('Please fill in title, description, and your registered email.')).length).toBeGreaterThan(0);
    // The contract's message under each required field (the email's too), focus on the first.
    const title = screen.getByLabelText(/Request Title/);
    expect(document.activeElement).toBe(title);
    for (const field of [title, screen.getByLabelText(/Description/), screen.getByLabelText(/Your Registered Email/)]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Missing Required Fields: Please fill in title, description, and your registered email.',
      );
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
