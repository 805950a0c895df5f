import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ACCOUNT_DELETION_MESSAGES } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { SESSION_QUERY_KEY } from '@/hooks/use-session';
import { createQueryClient } from '@/lib/queryClient';
import { DeleteAccountConfirmPage } from './delete-account-confirm';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;
const TOKEN = 'T'.repeat(40) + '_-9';

function Location(): null {
  const location = useLocation();
  document.body.dataset.location = location.pathname + location.search;
  return null;
}

function renderAt(path: string) {
  const client = createQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, { buyer: { id: 'b1', name: 'Ada', email: 'ada@example.com' } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/delete-account/confirm" element={<DeleteAccountConfirmPage />} />
        </Routes>
        <Location />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const deleteButton = () => screen.getByRole('button', { name: 'Delete My Account' });

describe(DeleteAccountConfirmPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('deletes nothing on page load: it waits for the click', () => {
    renderAt(`/delete-account/confirm?token=${TOKEN}`);

    expect(screen.getByRole('heading', { name: 'Confirm Account Deletion' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What we keep' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms with the token, shows the success screen, forgets the session and drops the token from the address', async () => {
    const body = { message: ACCOUNT_DELETION_MESSAGES.DELETED, deletedAt: '2030-01-01T10:00:00.000Z' };
    fetchMock.mockResolvedValue(fakeResponse(200, JSON.stringify(body)));
    const user = userEvent.setup();
    const client = renderAt(`/delete-account/confirm?token=${TOKEN}`);

    await user.click(deleteButton());

    expect(await screen.findByRole('heading', { name: 'Account Deleted' })).toBeTruthy();
    expect(screen.getByText(ACCOUNT_DELETION_MESSAGES.DELETED)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/account-deletion-requests/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
    expect(client.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    // The address is replaced after the success state commits; React may apply it in a later task.
    await waitFor(() => expect(document.body.dataset.location).toBe('/delete-account/confirm'));
  });

  it.each([ACCOUNT_DELETION_MESSAGES.LINK_EXPIRED, ACCOUNT_DELETION_MESSAGES.LINK_USED, ACCOUNT_DELETION_MESSAGES.LINK_INVALID])(
    'shows the invalid-or-expired screen with the server message "%s"',
    async (message) => {
      const body = { statusCode: 400, error: 'Bad Request', message, fields: { token: [message] } };
      fetchMock.mockResolvedValue(fakeResponse(400, JSON.stringify(body), 'Bad Request'));
      const user = userEvent.setup();
      renderAt(`/delete-account/confirm?token=${TOKEN}`);

      await user.click(deleteButton());

      expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
      expect(screen.getByText(message)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Submit a New Request' }).getAttribute('href')).toBe('/delete-account');
    },
  );

  it.each(['', '?token=short', '?token='])('shows the invalid screen without calling the server for %j', (query) => {
    renderAt(`/delete-account/confirm${query}`);

    expect(screen.getByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.getByText(ACCOUNT_DELETION_MESSAGES.LINK_INVALID)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a generic "Error" toast on a server failure and lets the person try again', async () => {
    fetchMock.mockResolvedValue(fakeResponse(503, '', 'Service Unavailable'));
    const user = userEvent.setup();
    renderAt(`/delete-account/confirm?token=${TOKEN}`);

    await user.click(deleteButton());

    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.ERROR)).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(deleteButton()).toBeTruthy();
  });
});
