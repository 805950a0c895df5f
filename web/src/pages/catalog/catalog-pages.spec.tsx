import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { PROVIDER_APPLICATION_MESSAGES as PM, SELLER_REGISTRATION_MESSAGES as RM, type PrintProvider } from '@paymarket/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse } from '../../../test/fake-response';
import { ProviderSignupPage } from '../provider-signup';
import { ProvidersPage } from '../providers';
import { SellerEditPage } from '../seller-edit';
import { SellerRegistrationPage } from '../seller-registration';
import { SellersPage } from '../sellers';
import { renderAt, seller, XSS } from './test-utils';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

function showcase(sellers: ReturnType<typeof seller>[], nextCursor: string | null = null) {
  const categories: Record<string, number> = {};
  for (const s of sellers) categories[s.category] = (categories[s.category] ?? 0) + 1;
  return fakeResponse(200, JSON.stringify({ sellers, stats: { total: sellers.length, categories }, nextCursor }));
}

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  globalThis.fetch = originalFetch;
});

describe('SellerRegistrationPage', () => {
  it('shows the spec messages for every violated rule and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt('/seller-registration', '/seller-registration', <SellerRegistrationPage />);
    expect(screen.getByText('Back to Home')).toBeTruthy();
    expect(screen.getByText(/\$4\.79 CAD/)).toBeTruthy();

    await user.type(screen.getByLabelText(/Website/), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));

    // The DTOs load on first use: the messages appear once they have.
    expect(await screen.findByText(RM.BUSINESS_NAME)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Business Name/));
    for (const message of [
      RM.BUSINESS_NAME,
      RM.SELLER_NAME,
      RM.EMAIL,
      RM.PHONE,
      RM.CATEGORY,
      RM.DESCRIPTION,
      RM.PRODUCTS,
      RM.PRICING,
      RM.LOCATION,
      RM.WEBSITE,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers, stores the token under seller_auth_{id}, toasts and resets the form', async () => {
    fetchMock.mockResolvedValue(fakeResponse(201, JSON.stringify({ authToken: 'tok-123', seller: seller({ id: 'abc' }), message: 'ok' })));
    const user = userEvent.setup();
    renderAt('/seller-registration', '/seller-registration', <SellerRegistrationPage />);
    const s = seller();
    await user.type(screen.getByLabelText(/Business Name/), s.businessName);
    await user.type(screen.getByLabelText(/Your Name/), s.sellerName);
    await user.type(screen.getByLabelText(/^Email/), s.email);
    await user.type(screen.getByLabelText(/Phone/), s.phone);
    await user.selectOptions(screen.getByLabelText(/Category/), 'printing');
    await user.type(screen.getByLabelText(/Location/), s.location);
    await user.type(screen.getByLabelText(/Business Description/), s.description);
    await user.type(screen.getByLabelText(/Products & Services/), s.products);
    await user.type(screen.getByLabelText(/Pricing/), s.pricing);
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));

    expect(await screen.findByText('Registration Successful!')).toBeTruthy();
    expect(screen.getByText('Your seller profile has been created and is now live in the Sellers directory.')).toBeTruthy();
    expect(window.localStorage.getItem('seller_auth_abc')).toBe('tok-123');
    expect((screen.getByLabelText(/Business Name/) as HTMLInputElement).value).toBe('');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/register-seller');
    expect(JSON.parse(String(init?.body))).not.toHaveProperty('website');
  });

  it('shows "Registration Failed" with the fallback text when the server gives no message', async () => {
    fetchMock.mockResolvedValue(fakeResponse(502, '', 'Bad Gateway'));
    const user = userEvent.setup();
    renderAt('/seller-registration', '/seller-registration', <SellerRegistrationPage />);
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
    await user.selectOptions(screen.getByLabelText(/Category/), 'design');
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
  });
});

describe('SellerRegistrationPage Idempotency-Key', () => {
  const keysSentTo = (url: string) =>
    fetchMock.mock.calls.filter(([u]) => u === url).map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);

  it('sends one key per submission: the same when the same form is retried, a new one after a success', async () => {
    let registrations = 0;
    fetchMock.mockImplementation(async () =>
      // The first answer is lost (502): the retry must be recognised as the same registration.
      ++registrations === 1
        ? fakeResponse(502, '', 'Bad Gateway')
        : fakeResponse(201, JSON.stringify({ authToken: `tok-${registrations}`, seller: seller({ id: 'abc' }), message: 'ok' })),
    );
    const user = userEvent.setup();
    renderAt('/seller-registration', '/seller-registration', <SellerRegistrationPage />);
    const s = seller();
    const fill = async () => {
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
    };

    await fill();
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));
    expect(await screen.findByText('Registration Successful!')).toBeTruthy();
    expect(window.localStorage.getItem('seller_auth_abc')).toBe('tok-2');

    // The same text registered again after a success is a new submission.
    await fill();
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));
    await waitFor(() => expect(keysSentTo('/api/register-seller')).toHaveLength(3));
    const [first, retry, next] = keysSentTo('/api/register-seller');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first);
    const bodies = fetchMock.mock.calls.map(([, init]) => String(init?.body));
    expect(bodies[1]).toBe(bodies[0]);
  });
});

describe('SellersPage', () => {
  it('shows stats, cards, XSS as plain text, and the Edit button only for sellers whose token this browser holds', async () => {
    const mine = seller({ id: 'mine', businessName: XSS, website: 'javascript:alert(1)' });
    const theirs = seller({ id: 'theirs', businessName: 'Other Co', category: 'design' });
    window.localStorage.setItem('seller_auth_mine', 'tok');
    fetchMock.mockResolvedValue(showcase([mine, theirs], 'next'));
    renderAt('/sellers', '/sellers', <SellersPage />);
    expect(screen.getByText('Loading sellers...')).toBeTruthy();

    const mineCard = await screen.findByRole('article', { name: XSS });
    expect(within(mineCard).getByText(XSS)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('main script, section script')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(within(mineCard).getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe('/sellers/edit/mine');
    expect(
      within(mineCard)
        .getByRole('link', { name: /Website/ })
        .getAttribute('href'),
    ).toBe('https://javascript:alert(1)');
    expect(
      within(mineCard)
        .getByRole('link', { name: /Website/ })
        .getAttribute('rel'),
    ).toBe('noopener noreferrer');
    const theirsCard = screen.getByRole('article', { name: 'Other Co' });
    expect(within(theirsCard).queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(within(theirsCard).getByText('Design')).toBeTruthy();
    expect(within(theirsCard).getByText('by Maya Thompson')).toBeTruthy();

    expect(screen.getByText('Active Sellers').previousSibling?.textContent).toBe('2');
    expect(screen.getByText('Categories').previousSibling?.textContent).toBe('2');
    expect(screen.getByText('$3.56')).toBeTruthy();
    expect(screen.getByText('Ready to Start Selling?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join the Marketplace' }).getAttribute('href')).toBe('/seller-registration');

    fetchMock.mockResolvedValue(showcase([seller({ id: 'third', businessName: 'Third Co' })]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more sellers' }));
    expect(await screen.findByRole('article', { name: 'Third Co' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/sellers-showcase'))).toEqual([
      '/api/sellers-showcase',
      '/api/sellers-showcase?cursor=next',
    ]);
  });

  it('offers a signed-in seller their dashboard instead of joining', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/payee-auth/session'
        ? fakeResponse(200, JSON.stringify({ payee: { email: 'jo@example.com', sellers: [{ id: 'mine' }], providers: [] } }))
        : showcase([seller({ id: 'mine' })]),
    );
    renderAt('/sellers', '/sellers', <SellersPage />);
    expect((await screen.findByRole('link', { name: 'Your dashboard' })).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Join the Marketplace' })).toBeNull();
  });

  it('shows the empty state', async () => {
    fetchMock.mockResolvedValue(showcase([]));
    renderAt('/sellers', '/sellers', <SellersPage />);
    expect(await screen.findByText('No Sellers Yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Seller' }).getAttribute('href')).toBe('/seller-registration');
  });
});

describe('ProvidersPage', () => {
  const provider = (overrides: Partial<PrintProvider> = {}): PrintProvider => ({
    id: 'p1',
    name: 'Demo Print Co.',
    stripeAccountId: 'acct_1PMDemoPrintCo00001',
    contactName: 'Dana Reyes',
    email: 'payouts@demoprint.example.com',
    phone: '(416) 555-0188',
    website: 'demoprint.example.com',
    location: 'Toronto, ON',
    description: 'Full-service print shop.',
    capabilities: 'Offset, digital',
    turnaroundTime: '2-4 business days',
    ...overrides,
  });
  const providers = (list: PrintProvider[]) => fakeResponse(200, JSON.stringify(list));

  it('shows four placeholders, then the approved print providers with their application profile', async () => {
    let resolve: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    renderAt('/providers', '/providers', <ProvidersPage />);
    expect(screen.getAllByTestId('provider-placeholder')).toHaveLength(4);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/print-providers');

    await act(async () =>
      resolve(
        providers([
          provider(),
          provider({ id: 'p2', name: 'Bare Prints', contactName: null, phone: null, website: null, location: null, description: null }),
        ]),
      ),
    );
    const card = await screen.findByRole('article', { name: 'Demo Print Co.' });
    for (const text of ['Dana Reyes', 'Active', 'Toronto, ON', 'Printing', 'Full-service print shop.']) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    expect(within(card).getByText(/Quote on request · turnaround 2-4 business days/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: /Email/ }).getAttribute('href')).toBe('mailto:payouts@demoprint.example.com');
    expect(within(card).getByRole('link', { name: /Call/ }).getAttribute('href')).toBe('tel:4165550188');
    expect(
      within(card)
        .getByRole('link', { name: /Website/ })
        .getAttribute('href'),
    ).toBe('https://demoprint.example.com');
    expect(within(card).getByRole('link', { name: 'Pay Demo Print Co.' }).getAttribute('href')).toBe(
      '/payment?provider=acct_1PMDemoPrintCo00001',
    );
    const bare = screen.getByRole('article', { name: 'Bare Prints' });
    expect(within(bare).queryByRole('link', { name: /Call/ })).toBeNull();
    expect(within(bare).queryByRole('link', { name: /Website/ })).toBeNull();
  });

  it('shows the empty state', async () => {
    fetchMock.mockResolvedValue(providers([]));
    renderAt('/providers', '/providers', <ProvidersPage />);
    expect(await screen.findByText('No Providers Found')).toBeTruthy();
    expect(screen.getByText('No print providers are currently available.')).toBeTruthy();
  });
});

describe('SellerEditPage', () => {
  const id = '11111111-1111-4111-8111-111111111111';

  it('says "Seller not found" for an unknown seller', async () => {
    fetchMock.mockResolvedValue(fakeResponse(404, JSON.stringify({ statusCode: 404, message: 'Seller not found' })));
    renderAt(`/sellers/edit/${id}`, '/sellers/edit/:id', <SellerEditPage />);
    expect(screen.getByText('Loading seller profile...')).toBeTruthy();
    expect(await screen.findByText('Seller not found')).toBeTruthy();
  });

  it('without a stored token shows the no-permission text and the lost-link box, which always answers the same', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, JSON.stringify(seller())));
    renderAt(`/sellers/edit/${id}`, '/sellers/edit/:id', <SellerEditPage />);
    expect(
      await screen.findByText("You don't have permission to edit this profile. Only the seller who registered can make changes."),
    ).toBeTruthy();
    expect(screen.queryByText('Edit Profile')).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Profile email'), 'maya');
    await user.click(screen.getByRole('button', { name: 'Email me an edit link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Profile email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(fakeResponse(202, JSON.stringify({ message: 'If that email matches, we sent a link.' })));
    await user.type(screen.getByLabelText('Profile email'), '@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me an edit link' }));
    expect(await screen.findByText('If that email matches, we sent a link.')).toBeTruthy();
    expect(fetchMock.mock.calls[1]?.[0]).toBe(`/api/sellers/${id}/edit-link`);
  });

  it('with the token: pre-filled form with the edit categories, bearer PUT, then back to /sellers-showcase', async () => {
    window.localStorage.setItem(`seller_auth_${id}`, 'tok-xyz');
    fetchMock.mockResolvedValueOnce(fakeResponse(200, JSON.stringify(seller({ category: 'textiles' }))));
    renderAt(`/sellers/edit/${id}`, '/sellers/edit/:id', <SellerEditPage />, { '/sellers-showcase': <p>directory</p> });
    expect(await screen.findByText('Edit Profile')).toBeTruthy();
    const category = screen.getByLabelText(/Category/) as HTMLSelectElement;
    expect(category.value).toBe('textiles');
    expect(category.selectedOptions[0]?.textContent).toBe('Apparel Printing');
    expect([...category.options].map((o) => o.textContent)).toEqual([
      'Select a category',
      'Business Cards',
      'Marketing Materials',
      'Banners & Signs',
      'Packaging',
      'Apparel Printing',
      'Digital Design',
      'Custom Products',
      'Other',
    ]);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/^Pricing/));
    await user.type(screen.getByLabelText(/^Pricing/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Pricing information must be at least 5 characters')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(fakeResponse(200, JSON.stringify(seller({ pricing: 'abcde' }))));
    fetchMock.mockResolvedValue(showcase([]));
    await user.type(screen.getByLabelText(/^Pricing/), 'de');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('directory')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe(`/api/sellers/${id}`);
    expect(init?.method).toBe('PUT');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-xyz');
    expect(JSON.parse(String(init?.body))).toMatchObject({ pricing: 'abcde', category: 'textiles' });
  });

  it('shows "Update Failed" with the server message when the token is refused', async () => {
    window.localStorage.setItem(`seller_auth_${id}`, 'revoked');
    fetchMock.mockResolvedValueOnce(fakeResponse(200, JSON.stringify(seller())));
    renderAt(`/sellers/edit/${id}`, '/sellers/edit/:id', <SellerEditPage />);
    await screen.findByText('Edit Profile');
    fetchMock.mockResolvedValueOnce(fakeResponse(403, JSON.stringify({ statusCode: 403, message: 'Not yours.' })));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Not yours.')).toBeTruthy();
  });

  it('trades ?recovery= for a new token, stores it and shows the form', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/recover')
        ? fakeResponse(200, JSON.stringify({ authToken: 'fresh', seller: seller() }))
        : fakeResponse(200, JSON.stringify(seller())),
    );
    renderAt(`/sellers/edit/${id}?recovery=abc`, '/sellers/edit/:id', <SellerEditPage />);
    expect(await screen.findByText('Edit Profile')).toBeTruthy();
    expect(window.localStorage.getItem(`seller_auth_${id}`)).toBe('fresh');
    const recover = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/recover'));
    expect(JSON.parse(String(recover?.[1]?.body))).toEqual({ recoveryToken: 'abc' });
  });
});

describe('ProviderSignupPage', () => {
  it("shows the spec's messages under the fields of an empty application, focuses the first and sends nothing", async () => {
    const user = userEvent.setup();
    renderAt('/provider-signup', '/provider-signup', <ProviderSignupPage />);
    await user.type(screen.getByLabelText(/Website/), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    expect(await screen.findByText(PM.BUSINESS_NAME)).toBeTruthy();
    for (const message of [PM.EMAIL, PM.PHONE, PM.BUSINESS_ADDRESS, PM.WEBSITE, PM.YEARS_IN_BUSINESS, PM.STRIPE_CONNECT_ID, PM.TERMS]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText(/Business Name/));
    const terms = screen.getByRole('checkbox');
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(terms.getAttribute('aria-describedby') ?? '')?.textContent).toBe(PM.TERMS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('validates the account live (idle → validating → valid), resets on edit, and submits only when valid', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/validate-stripe-account') {
        const { stripeAccountId } = JSON.parse(String(init?.body)) as { stripeAccountId: string };
        return stripeAccountId === 'acct_1PMDemoMapleInk0002'
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
      return fakeResponse(201, JSON.stringify({ application: { id: 'x', status: 'pending' }, message: 'ok' }));
    });
    const user = userEvent.setup();
    renderAt('/provider-signup', '/provider-signup', <ProviderSignupPage />);

    const fill: Array<[RegExp, string]> = [
      [/Business Name/, 'Maple Ink Printing'],
      [/Contact Name/, 'Jean Roy'],
      [/^Email/, 'jean@example.com'],
      [/^Phone/, '4165550100'],
      [/Business Address/, '12 King Street West, Toronto'],
      [/Service Area/, 'Canada'],
      [/Turnaround Time/, '3-5 days'],
      [/Print Capabilities/, 'Offset, large-format and digital presses'],
      [/Portfolio Description/, 'Fifteen years of packaging, posters and books for publishers and galleries.'],
    ];
    for (const [label, value] of fill) await user.type(screen.getByLabelText(label), value);
    await user.selectOptions(screen.getByLabelText(/Years in Business/), '3-5');
    await user.click(screen.getByRole('checkbox'));

    const account = screen.getByLabelText(/Stripe Connect Account ID/);
    await user.type(account, 'acct_1PMDemoRestricted03');
    expect(await screen.findByText('This account cannot receive transfers')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Invalid Stripe Account')).toBeTruthy();
    expect(screen.getByText('Please provide a valid Stripe Connect Account ID before submitting.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/provider-applications')).toBe(false);

    await user.clear(account);
    await user.type(account, 'acct_1PMDemoMapleInk0002');
    await waitFor(() => expect(screen.getByText(/Account verified/)).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Application Received!')).toBeTruthy();
    expect(screen.getByText(/2-3 business days/)).toBeTruthy();
    expect(screen.getByText('Stripe verification')).toBeTruthy();
  });

  it('resends the same Idempotency-Key when the same application is retried after a lost answer', async () => {
    let applications = 0;
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/validate-stripe-account') {
        return fakeResponse(
          200,
          JSON.stringify({
            valid: true,
            message: 'Account verified',
            error: null,
            accountInfo: { businessName: 'Maple Ink', country: 'CA' },
          }),
        );
      }
      return ++applications === 1
        ? fakeResponse(502, '', 'Bad Gateway')
        : fakeResponse(201, JSON.stringify({ application: { id: 'x', status: 'pending' }, message: 'ok' }));
    });
    const user = userEvent.setup();
    renderAt('/provider-signup', '/provider-signup', <ProviderSignupPage />);
    const fill: Array<[RegExp, string]> = [
      [/Business Name/, 'Maple Ink Printing'],
      [/Contact Name/, 'Jean Roy'],
      [/^Email/, 'jean@example.com'],
      [/^Phone/, '4165550100'],
      [/Business Address/, '12 King Street West, Toronto'],
      [/Service Area/, 'Canada'],
      [/Turnaround Time/, '3-5 days'],
      [/Print Capabilities/, 'Offset, large-format and digital presses'],
      [/Portfolio Description/, 'Fifteen years of packaging, posters and books for publishers and galleries.'],
      [/Stripe Connect Account ID/, 'acct_1PMDemoMapleInk0002'],
    ];
    for (const [label, value] of fill) await user.type(screen.getByLabelText(label), value);
    await user.selectOptions(screen.getByLabelText(/Years in Business/), '3-5');
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(screen.getByText(/Account verified/)).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Submission Error')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Application Received!')).toBeTruthy();

    const calls = fetchMock.mock.calls.filter(([u]) => u === '/api/provider-applications');
    const keys = calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(String(calls[1]?.[1]?.body)).toBe(String(calls[0]?.[1]?.body));
  });

  it('shows the failed-call text when validation cannot be reached, and never validates a short id', async () => {
    fetchMock.mockRejectedValue(new TypeError('network down'));
    const user = userEvent.setup();
    renderAt('/provider-signup', '/provider-signup', <ProviderSignupPage />);
    const account = screen.getByLabelText(/Stripe Connect Account ID/);
    await user.type(account, 'acct_short');
    await new Promise((r) => setTimeout(r, 400));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(account, '0000000000');
    expect(await screen.findByText('Unable to validate account. Please try again.')).toBeTruthy();
  });
});
