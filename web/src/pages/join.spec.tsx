import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { BUYER_MESSAGES } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { JoinPage } from './join';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

function renderJoinPage(): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/join']}>
        <JoinPage />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const submitButton = () => screen.getByRole('button', { name: 'Join PayMarket' });

/** The session check answers "signed out"; registration answers `register`. */
function server(register?: () => Response): void {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/auth/session') return fakeResponse(200, '{"buyer":null}');
    if (key === 'POST /api/register-buyer' && register) return register();
    throw new Error(`unexpected ${key}`);
  });
}

const registrations = () => fetchMock.mock.calls.filter(([url]) => url === '/api/register-buyer');

describe(JoinPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    server();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('shows the DTO messages under the fields and sends nothing when the form is empty', async () => {
    const user = userEvent.setup();
    renderJoinPage();

    await user.click(submitButton());

    expect(await screen.findByText(BUYER_MESSAGES.NAME_REQUIRED)).toBeTruthy();
    expect(screen.getByText(BUYER_MESSAGES.EMAIL_INVALID)).toBeTruthy();
    const email = screen.getByLabelText(/Email Address/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(BUYER_MESSAGES.EMAIL_INVALID);
    // Focus goes to the first field that needs fixing.
    expect(document.activeElement).toBe(screen.getByLabelText(/Full Name/));
    expect(registrations()).toEqual([]);
  });

  it('rejects an invalid email without calling the server', async () => {
    const user = userEvent.setup();
    renderJoinPage();

    await user.type(screen.getByLabelText(/Full Name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Email Address/), 'not-an-email');
    await user.click(submitButton());

    expect(await screen.findByText(BUYER_MESSAGES.EMAIL_INVALID)).toBeTruthy();
    expect(screen.queryByText(BUYER_MESSAGES.NAME_REQUIRED)).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/Email Address/));
    expect(registrations()).toEqual([]);

    // After a submit the messages follow what is typed.
    await user.clear(screen.getByLabelText(/Email Address/));
    await user.type(screen.getByLabelText(/Email Address/), 'ada@example.com');
    await waitFor(() => expect(screen.queryByText(BUYER_MESSAGES.EMAIL_INVALID)).toBeNull());
    expect(screen.getByLabelText(/Email Address/).getAttribute('aria-invalid')).toBeNull();
  });

  it('registers a valid buyer, confirms with a toast and shows them signed in', async () => {
    server(() => fakeResponse(201, '{"buyer":{"id":"b1","name":"Ada Lovelace","email":"ada@example.com"},"message":"ok"}'));
    const user = userEvent.setup();
    renderJoinPage();

    await user.type(screen.getByLabelText(/Full Name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Email Address/), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Company'), 'Analytical Prints');
    await user.click(submitButton());

    expect(await screen.findByText('Registration Successful!')).toBeTruthy();
    const [[, init]] = registrations() as [[string, RequestInit]];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Prints' });
    // The answer set the session cookie: the form gives way to the signed-in card and its next steps.
    expect(screen.getByText("You're signed in")).toBeTruthy();
    expect(screen.getByText(/Signed in as Ada Lovelace \(ada@example.com\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Post a request' }).getAttribute('href')).toBe('/buyer-requests');
    expect(screen.queryByLabelText(/Full Name/)).toBeNull();
  });

  it("shows the server's message in a destructive toast when registration fails", async () => {
    const body = JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'An account with this email already exists.' });
    server(() => fakeResponse(409, body, 'Conflict'));
    const user = userEvent.setup();
    renderJoinPage();

    await user.type(screen.getByLabelText(/Full Name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Email Address/), 'ada@example.com');
    await user.click(submitButton());

    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getByText('An account with this email already exists.')).toBeTruthy();
    expect((screen.getByLabelText(/Full Name/) as HTMLInputElement).value).toBe('Ada Lovelace');
  });

  it("puts the server's field messages of a 400 under the fields and focuses the first", async () => {
    const body = JSON.stringify({
      statusCode: 400,
      error: 'Bad Request',
      message: `${BUYER_MESSAGES.EMAIL_INVALID}`,
      fields: { email: [BUYER_MESSAGES.EMAIL_INVALID] },
    });
    server(() => fakeResponse(400, body, 'Bad Request'));
    const user = userEvent.setup();
    renderJoinPage();

    await user.type(screen.getByLabelText(/Full Name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Email Address/), 'ada@example.com');
    await user.click(submitButton());

    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    const email = screen.getByLabelText(/Email Address/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(BUYER_MESSAGES.EMAIL_INVALID);
    expect(document.activeElement).toBe(email);
  });
});
