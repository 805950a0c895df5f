import { afterEach, describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, PAYEE_AUTH_MESSAGES, type SignedInPayee } from '@paymarket/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fetchRoutes, findToast } from '@/components/payments/testing/fetch-routes';
import { DashboardPage } from './dashboard';
import { payee, renderDashboards, sellerStatement, statementLine } from './test-utils';

const originalFetch = globalThis.fetch;
const location = () => screen.getByTestId('location').textContent;

/** A payee server: signed out until the code 123456 is verified. */
function payeeServer(owner: SignedInPayee) {
  let signedIn: SignedInPayee | null = null;
  return fetchRoutes({
    'GET /api/payee-auth/session': () => ({ status: 200, body: { payee: signedIn } }),
    'POST /api/payee-auth/sign-in/code': { status: 202, body: { message: PAYEE_AUTH_MESSAGES.CODE_SENT } },
    'POST /api/payee-auth/sign-in/verify': (call) => {
      if ((call.body as { code: string }).code !== '123456') return apiError(401, AUTH_MESSAGES.CODE_INVALID);
      signedIn = owner;
      return { status: 200, body: { payee: owner } };
    },
    'POST /api/payee-auth/sign-out': () => ((signedIn = null), { status: 200, body: {} }),
    'GET /api/sellers/s1': { status: 200, body: { id: 's1', businessName: 'Maple Ink', payable: true } },
    'GET /api/sellers/s1/statement': { status: 200, body: sellerStatement([statementLine()]) },
  });
}

async function signIn(user: ReturnType<typeof userEvent.setup>, code = '123456'): Promise<void> {
  await user.type(await screen.findByLabelText(/Email Address/), ' LOU@maple.example.com ');
  await user.click(screen.getByRole('button', { name: 'Email me a code' }));
  expect(await screen.findByText(/Enter the 6-digit code we sent to lou@maple.example.com/)).toBeTruthy();
  await user.type(screen.getByLabelText(/Sign-in code/), code);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe(DashboardPage.name, () => {
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('signs a payee in by emailed code, with the buyer sign-in validation, and lists its profiles', async () => {
    const api = payeeServer(
      payee({ sellers: [{ id: 's1', businessName: 'Maple Ink' }], providers: [{ id: 'p1', name: 'Demo Print Co.' }] }),
    );
    globalThis.fetch = api.fetch;
    const user = userEvent.setup();
    renderDashboards('/dashboard');

    expect(screen.getByRole('heading', { level: 1, name: 'Seller and provider dashboard' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    expect(screen.getByText(AUTH_MESSAGES.EMAIL_INVALID)).toBeTruthy();
    expect(screen.getByLabelText(/Email Address/).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/payee-auth/sign-in/code')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Email Address/), ' LOU@maple.example.com ');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await findToast('Check your email')).toBeTruthy();
    expect(api.callsTo('POST /api/payee-auth/sign-in/code')[0]?.body).toEqual({ email: 'lou@maple.example.com' });

    await user.type(screen.getByLabelText(/Sign-in code/), '12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText(AUTH_MESSAGES.CODE_FORMAT)).toBeTruthy();
    await user.type(screen.getByLabelText(/Sign-in code/), '3456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const list = await screen.findByRole('list', { name: 'Your dashboards' });
    expect(
      within(list)
        .getByRole('link', { name: /Maple Ink/ })
        .getAttribute('href'),
    ).toBe('/dashboard/seller/s1');
    expect(
      within(list)
        .getByRole('link', { name: /Demo Print Co\./ })
        .getAttribute('href'),
    ).toBe('/dashboard/provider/p1');
    expect(screen.getByText('lou@maple.example.com')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Email me a code' })).toBeTruthy();
    expect(api.callsTo('POST /api/payee-auth/sign-out')).toHaveLength(1);
  });

  it('goes straight to the only profile', async () => {
    globalThis.fetch = payeeServer(payee({ sellers: [{ id: 's1', businessName: 'Maple Ink' }] })).fetch;
    const user = userEvent.setup();
    renderDashboards('/dashboard');
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Seller dashboard' })).toBeTruthy();
    expect(location()).toBe('/dashboard/seller/s1');
    expect(await screen.findByRole('cell', { name: 'quote_q1' })).toBeTruthy();
  });

  it('shows the server message for a wrong code', async () => {
    globalThis.fetch = payeeServer(payee({ sellers: [{ id: 's1', businessName: 'Maple Ink' }] })).fetch;
    const user = userEvent.setup();
    renderDashboards('/dashboard');
    await signIn(user, '000000');
    expect(await findToast('Sign-in failed')).toBeTruthy();
    expect(await findToast(AUTH_MESSAGES.CODE_INVALID)).toBeTruthy();
    expect(location()).toBe('/dashboard');
  });

  it('shows the wait message when a code is asked again too soon', async () => {
    globalThis.fetch = fetchRoutes({
      'GET /api/payee-auth/session': { status: 200, body: { payee: null } },
      'POST /api/payee-auth/sign-in/code': apiError(429, 'Too many requests. Please try again in a minute.'),
    }).fetch;
    const user = userEvent.setup();
    renderDashboards('/dashboard');
    await user.type(await screen.findByLabelText(/Email Address/), 'lou@maple.example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await findToast('Could not send a code')).toBeTruthy();
    expect(await findToast('Too many requests. Please try again in a minute.')).toBeTruthy();
  });

  it('sent from a seller dashboard: asks to sign in, offers the edit link, and returns there', async () => {
    globalThis.fetch = payeeServer(
      payee({ sellers: [{ id: 's1', businessName: 'Maple Ink' }], providers: [{ id: 'p1', name: 'Demo Print Co.' }] }),
    ).fetch;
    const user = userEvent.setup();
    renderDashboards('/dashboard?seller=s1');
    expect(await screen.findByText(PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'your seller profile' }).getAttribute('href')).toBe('/sellers/edit/s1');
    await signIn(user);
    await waitFor(() => expect(location()).toBe('/dashboard/seller/s1'));
  });

  it('says so when the profile asked for is not the signed-in email’s', async () => {
    globalThis.fetch = fetchRoutes({
      'GET /api/payee-auth/session': { status: 200, body: { payee: payee({ providers: [{ id: 'p1', name: 'Demo Print Co.' }] }) } },
    }).fetch;
    renderDashboards('/dashboard?seller=s9');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', PAYEE_AUTH_MESSAGES.NOT_YOURS);
    expect(screen.getByRole('link', { name: /Demo Print Co\./ })).toBeTruthy();
  });
});
