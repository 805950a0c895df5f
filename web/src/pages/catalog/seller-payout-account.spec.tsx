import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SELLER_PAYOUT_MESSAGES } from '@paymarket/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fakeResponse } from '../../../test/fake-response';
import { SellerEditPage } from '../seller-edit';
import { SellerRegistrationPage } from '../seller-registration';
import { renderAt, seller } from './test-utils';

const VALID = 'acct_1PMDemoMapleInk0002';
const RESTRICTED = 'acct_1PMDemoRestricted03';
const ID = '11111111-1111-4111-8111-111111111111';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

/** The validation route answers like payments does for the emulator's demo accounts; other routes per test. */
function routes(other: (url: string, init?: RequestInit) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/validate-stripe-account') {
      const { stripeAccountId } = JSON.parse(String(init?.body)) as { stripeAccountId: string };
      return stripeAccountId === VALID
        ? fakeResponse(
            200,
            JSON.stringify({
              valid: true,
              message: 'Account verified',
              error: null,
              accountInfo: { businessName: 'Maple Ink', country: 'CA' },
            }),
          )
        : fakeResponse(
            200,
            JSON.stringify({ valid: false, message: 'No', error: 'This account cannot receive transfers', accountInfo: null }),
          );
    }
    return other(String(input), init ?? undefined);
  });
}
const callsTo = (url: string, method: string) => fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === method);

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  globalThis.fetch = originalFetch;
});

async function fillRegistration(user: UserEvent): Promise<void> {
  const s = seller();
  for (const [label, value] of [
    [/Business Name/, s.businessName],
    [/Your Name/, s.sellerName],
    [/^Email/, s.email],
    [/Phone/, s.phone],
    [/Location/, s.location],
    [/Business Description/, s.description],
    [/Products & Services/, s.products],
    [/Pricing/, s.pricing],
  ] as const) {
    await user.type(screen.getByLabelText(label), value);
  }
  await user.selectOptions(screen.getByLabelText(/Category/), 'printing');
}

describe('SellerRegistrationPage: payout account (ADR 0030)', () => {
  it('checks the format, validates live, blocks an account Stripe refuses and sends a valid one', async () => {
    routes(() => fakeResponse(201, JSON.stringify({ authToken: 'tok', seller: seller({ id: 'abc', payable: true }), message: 'ok' })));
    const user = userEvent.setup();
    renderAt('/seller-registration', '/seller-registration', <SellerRegistrationPage />);
    await fillRegistration(user);
    const account = screen.getByLabelText('Stripe Connect account ID');
    expect(screen.getByText(/Optional. Add your Stripe Connect account/)).toBeTruthy();

    await user.type(account, 'seller_1');
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));
    expect(await screen.findByText(SELLER_PAYOUT_MESSAGES.FORMAT)).toBeTruthy();

    await user.clear(account);
    await user.type(account, RESTRICTED);
    expect(await screen.findByText('This account cannot receive transfers')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));
    expect(await screen.findByText('Invalid Stripe Account')).toBeTruthy();
    expect(callsTo('/api/register-seller', 'POST')).toHaveLength(0);

    await user.clear(account);
    await user.type(account, VALID);
    await waitFor(() => expect(screen.getByText(/Account verified — Maple Ink \(CA\)/)).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));
    expect(await screen.findByText('Registration Successful!')).toBeTruthy();
    const [[, init]] = callsTo('/api/register-seller', 'POST') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({ stripeAccountId: VALID });
  });

  it('leaves an empty account out of the payload and shows the server’s refusal', async () => {
    routes(() =>
      fakeResponse(
        400,
        JSON.stringify({
          statusCode: 400,
          message: SELLER_PAYOUT_MESSAGES.INVALID,
          fields: { stripeAccountId: [SELLER_PAYOUT_MESSAGES.INVALID] },
        }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/seller-registration', '/seller-registration', <SellerRegistrationPage />);
    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    // In the toast, and under the field the server named (its `fields`), which has the focus.
    expect(screen.getAllByText(SELLER_PAYOUT_MESSAGES.INVALID)).toHaveLength(2);
    const account = screen.getByLabelText('Stripe Connect account ID');
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(account.getAttribute('aria-describedby') ?? '')?.textContent).toBe(SELLER_PAYOUT_MESSAGES.INVALID);
    expect(document.activeElement).toBe(account);
    const [[, init]] = callsTo('/api/register-seller', 'POST') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).not.toHaveProperty('stripeAccountId');
  });
});

describe('SellerEditPage: payout account (ADR 0030)', () => {
  function renderEdit(profile: ReturnType<typeof seller>) {
    window.localStorage.setItem(`seller_auth_${ID}`, 'tok-xyz');
    routes((url, init) =>
      init?.method === 'PUT'
        ? fakeResponse(200, JSON.stringify(profile))
        : url === `/api/sellers/${ID}`
          ? fakeResponse(200, JSON.stringify(profile))
          : fakeResponse(200, '{"sellers":[],"stats":{"total":0,"categories":{}},"nextCursor":null}'),
    );
    renderAt(`/sellers/edit/${ID}`, '/sellers/edit/:id', <SellerEditPage />, { '/sellers-showcase': <p>directory</p> });
  }
  const putBody = () => {
    const [[, init]] = callsTo(`/api/sellers/${ID}`, 'PUT') as [[string, RequestInit]];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-xyz');
    return JSON.parse(String(init.body)) as Record<string, unknown>;
  };

  it('a seller without an account adds one, validated live, sent with the bearer token', async () => {
    renderEdit(seller({ payable: false }));
    expect(await screen.findByText(/No payout account yet/)).toBeTruthy();
    expect(screen.queryByLabelText(/Remove my payout account/)).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Stripe Connect account ID'), VALID);
    await waitFor(() => expect(screen.getByText(/Account verified/)).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('directory')).toBeTruthy();
    expect(putBody()).toMatchObject({ stripeAccountId: VALID });
  });

  it('a payable seller keeps the account by leaving the field blank (never shown the id)', async () => {
    renderEdit(seller({ payable: true }));
    expect(await screen.findByText(/Payout account connected/)).toBeTruthy();
    expect((screen.getByLabelText('Stripe Connect account ID') as HTMLInputElement).value).toBe('');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('directory')).toBeTruthy();
    expect(putBody()).not.toHaveProperty('stripeAccountId');
  });

  it('a payable seller removes the account: the PUT sends an empty id', async () => {
    renderEdit(seller({ payable: true }));
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Remove my payout account/));
    expect(screen.queryByLabelText('Stripe Connect account ID')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('directory')).toBeTruthy();
    expect(putBody()).toMatchObject({ stripeAccountId: '' });
  });

  it('blocks saving an account Stripe refuses', async () => {
    renderEdit(seller({ payable: false }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Stripe Connect account ID'), RESTRICTED);
    expect(await screen.findByText('This account cannot receive transfers')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Invalid Stripe Account')).toBeTruthy();
    expect(callsTo(`/api/sellers/${ID}`, 'PUT')).toHaveLength(0);
  });
});
