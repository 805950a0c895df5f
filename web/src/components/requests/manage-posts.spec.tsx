import { afterEach, describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES } from '@paymarket/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fetchRoutes, renderPage } from '@/components/payments/testing/fetch-routes';
import { ManagePosts } from './manage-posts';

const originalFetch = globalThis.fetch;

function messageOf(input: HTMLElement): string | null | undefined {
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(input.getAttribute('aria-describedby')!)?.textContent;
}

describe(ManagePosts.name, () => {
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it("checks the email and the code with the sign-in DTOs' messages under the fields, focused, before sending", async () => {
    const routes = fetchRoutes({
      'GET /api/auth/session': apiError(401, 'Please sign in to continue.'),
      'POST /api/auth/sign-in/code': { status: 202, body: { message: 'If the address is registered, a code is on its way.' } },
    });
    globalThis.fetch = routes.fetch;
    const user = userEvent.setup();
    renderPage(<ManagePosts />, '/buyer-requests');

    const form = await screen.findByRole('form', { name: 'Manage my posts' });
    const email = within(form).getByLabelText(/registered buyer email/);
    await waitFor(() => expect(email.matches(':disabled')).toBe(false));
    await user.type(email, 'not-an-email');
    await user.click(within(form).getByRole('button', { name: /Manage My Posts/ }));
    await waitFor(() => expect(messageOf(email)).toBe(AUTH_MESSAGES.EMAIL_INVALID));
    expect(document.activeElement).toBe(email);
    expect(routes.callsTo('POST /api/auth/sign-in/code')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, ' Jo@Example.com ');
    await user.click(within(form).getByRole('button', { name: /Manage My Posts/ }));
    const codeForm = await screen.findByRole('form', { name: 'Enter sign-in code' });
    // Sent as the DTO normalised it.
    expect(routes.callsTo('POST /api/auth/sign-in/code')[0]?.body).toEqual({ email: 'jo@example.com' });

    const code = within(codeForm).getByLabelText(/Sign-in code sent to jo@example.com/);
    await user.type(code, '12');
    await user.click(within(codeForm).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(messageOf(code)).toBe(AUTH_MESSAGES.CODE_FORMAT));
    expect(document.activeElement).toBe(code);
    expect(routes.callsTo('POST /api/auth/sign-in/verify')).toHaveLength(0);
  });
});
