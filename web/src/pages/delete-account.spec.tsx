import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ACCOUNT_DELETION_MESSAGES } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { DeleteAccountPage } from './delete-account';
import { PrivacyPage } from './privacy';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

function renderAt(path: string): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/delete-account" element={<DeleteAccountPage />} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const submitButton = () => screen.getByRole('button', { name: 'Request Account Deletion' }) as HTMLButtonElement;
const emailInput = () => screen.getByLabelText(/Email Address/);
const confirmationInput = () => screen.getByLabelText(/Type DELETE to confirm/);

describe(DeleteAccountPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('is reached from the privacy policy link and says what is deleted and what is kept', async () => {
    const user = userEvent.setup();
    renderAt('/privacy');

    await user.click(screen.getByRole('link', { name: 'account deletion page' }));

    expect(screen.getByRole('heading', { name: 'Delete Your Account' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What we delete' })).toBeTruthy();
    expect(screen.getByText(/Orders, payments, refunds and ledger entries/)).toBeTruthy();
  });

  it('keeps the submit button disabled unless DELETE is typed exactly', async () => {
    const user = userEvent.setup();
    renderAt('/delete-account');

    expect(submitButton().disabled).toBe(true);
    await user.type(confirmationInput(), 'delete');
    expect(submitButton().disabled).toBe(true);
    await user.clear(confirmationInput());
    await user.type(confirmationInput(), 'DELETE ');
    expect(submitButton().disabled).toBe(true);
    await user.clear(confirmationInput());
    await user.type(confirmationInput(), 'DELETE');
    expect(submitButton().disabled).toBe(false);
  });

  it('shows "Email Required" without calling the server when the email is missing or invalid', async () => {
    const user = userEvent.setup();
    renderAt('/delete-account');

    await user.type(confirmationInput(), 'DELETE');
    await user.click(submitButton());

    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.EMAIL_REQUIRED)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_DELETION_MESSAGES.EMAIL_HINT)).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(emailInput().getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      ACCOUNT_DELETION_MESSAGES.EMAIL_HINT,
    );
    expect(document.activeElement).toBe(emailInput());

    await user.type(emailInput(), 'not-an-email');
    await user.click(submitButton());
    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.EMAIL_INVALID)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Confirmation Required" when the form is submitted without DELETE (e.g. with Enter)', async () => {
    renderAt('/delete-account');

    fireEvent.change(emailInput(), { target: { value: 'ada@example.com' } });
    fireEvent.change(confirmationInput(), { target: { value: 'delete' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Account deletion request' }));

    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.CONFIRMATION_REQUIRED)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the request and then asks the person to check their email', async () => {
    fetchMock.mockResolvedValue(fakeResponse(202, JSON.stringify({ message: ACCOUNT_DELETION_MESSAGES.REQUEST_RECEIVED })));
    const user = userEvent.setup();
    renderAt('/delete-account');

    await user.type(emailInput(), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Reason for leaving'), 'Moving on');
    await user.type(confirmationInput(), 'DELETE');
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByText(ACCOUNT_DELETION_MESSAGES.REQUEST_RECEIVED)).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/account-deletion-requests');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com', reason: 'Moving on', confirmation: 'DELETE' });
  });

  it('leaves out a blank reason', async () => {
    fetchMock.mockResolvedValue(fakeResponse(202, JSON.stringify({ message: ACCOUNT_DELETION_MESSAGES.REQUEST_RECEIVED })));
    const user = userEvent.setup();
    renderAt('/delete-account');

    await user.type(emailInput(), 'ada@example.com');
    await user.type(confirmationInput(), 'DELETE');
    await user.click(submitButton());

    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ email: 'ada@example.com', confirmation: 'DELETE' });
  });

  it('shows the server field message with its spec title on a 400', async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: ACCOUNT_DELETION_MESSAGES.EMAIL_INVALID,
      fields: { email: [ACCOUNT_DELETION_MESSAGES.EMAIL_INVALID] },
    };
    fetchMock.mockResolvedValue(fakeResponse(400, JSON.stringify(body), 'Bad Request'));
    const user = userEvent.setup();
    renderAt('/delete-account');

    await user.type(emailInput(), 'ada@example.com');
    await user.type(confirmationInput(), 'DELETE');
    await user.click(submitButton());

    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.EMAIL_REQUIRED)).toBeTruthy();
    expect(screen.getAllByText(ACCOUNT_DELETION_MESSAGES.EMAIL_INVALID).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).toBeNull();
  });

  it('shows a generic "Error" toast when the server fails, keeping the form', async () => {
    fetchMock.mockResolvedValue(fakeResponse(503, '', 'Service Unavailable'));
    const user = userEvent.setup();
    renderAt('/delete-account');

    await user.type(emailInput(), 'ada@example.com');
    await user.type(confirmationInput(), 'DELETE');
    await user.click(submitButton());

    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.ERROR)).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
    expect((emailInput() as HTMLInputElement).value).toBe('ada@example.com');
  });
});
