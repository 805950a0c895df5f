import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { PAYMENT_MESSAGES, type OrderView, type PaymentIntentResponse, type PaymentStatusView } from '@paymarket/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { apiError, fetchRoutes, findToast, renderPage } from '@/components/payments/testing/fetch-routes';
import { PaymentPage } from './payment';

const originalFetch = globalThis.fetch;

const BUYER = { status: 200, body: { buyer: { id: 'b1', name: 'Ada Buyer', email: 'ada@example.com' } } };
const PROVIDERS = { status: 200, body: [{ id: 'p1', name: 'Demo Print Co', stripeAccountId: 'acct_1PMDemoPrintCo00001' }] };
const SELLER_ID = '6f1c2a3b-0000-4000-8000-000000000001';
const UNPAYABLE_SELLER_ID = '6f1c2a3b-0000-4000-8000-000000000002';
const SHOWCASE = {
  status: 200,
  body: {
    sellers: [
      { id: SELLER_ID, businessName: 'Maple Ink', sellerName: 'Jo Maple', payable: true },
      { id: UNPAYABLE_SELLER_ID, businessName: 'Harbour Print', sellerName: 'Maya Thompson', payable: false },
    ],
    stats: { total: 1, categories: {} },
    nextCursor: null,
  },
};
const CONFIG = { status: 200, body: { developmentMode: true, publishableKey: null, fees: { usd: '3.56', cad: '4.79' } } };

const ORDER: OrderView = {
  id: 'o-uuid',
  orderId: 'ORD-1',
  createdAt: '2025-03-01T10:00:00.000Z',
  status: 'pending',
  amount: '100.00',
  fee: '3.56',
  total: '103.56',
  refunded: '0.00',
  currency: 'usd',
  description: 'Order ORD-1',
  printProviderId: 'p1',
  recipient: { party: 'provider', name: 'Demo Print Co.' },
  stripePaymentIntentId: null,
  buyerEmail: 'ada@example.com',
  marketplace: null,
  split: [],
};

// Deliberately not amount + fee computed by the page: the breakdown must come from the server's response.
const INTENT: PaymentIntentResponse = {
  clientSecret: 'pi_123_secret_abc',
  paymentIntentId: 'pi_123',
  developmentMode: true,
  breakdown: { sellerGets: '100.00', paymarketGets: '3.56', total: '103.56', currency: 'usd' },
};

function statusView(paymentStatus: string, extra: Partial<PaymentStatusView> = {}): PaymentStatusView {
  return {
    orderId: 'ORD-1',
    paymentIntentId: 'pi_123',
    paymentStatus,
    orderStatus: paymentStatus === 'succeeded' ? 'completed' : 'pending',
    ...extra,
  };
}

function baseRoutes() {
  return {
    'GET /api/auth/session': BUYER,
    'GET /api/print-providers': PROVIDERS,
    'GET /api/sellers-showcase': SHOWCASE,
    'GET /api/payments/config': CONFIG,
  };
}

async function fillForm(
  user: UserEvent,
  { orderId = 'ORD-1', amount = '100.00', provider = 'Demo Print Co Stripe Connected' } = {},
): Promise<void> {
  await waitFor(() => expect(screen.getByLabelText(/Order ID/).matches(':disabled')).toBe(false));
  if (orderId !== '') await user.type(screen.getByLabelText(/Order ID/), orderId);
  if (amount !== '') await user.type(screen.getByLabelText(/Amount/), amount);
  if (provider !== '') {
    await screen.findByRole('option', { name: provider });
    await user.selectOptions(screen.getByLabelText(/Print Provider/), provider);
  }
}

describe(PaymentPage.name, () => {
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  describe('form', () => {
    let api: ReturnType<typeof fetchRoutes>;
    beforeEach(() => {
      api = fetchRoutes(baseRoutes());
      globalThis.fetch = api.fetch;
    });

    it('builds the provider options from print providers and sellers as the spec says', async () => {
      renderPage(<PaymentPage />, '/payment');

      const provider = await screen.findByRole('option', { name: 'Demo Print Co Stripe Connected' });
      expect((provider as HTMLOptionElement).value).toBe('acct_1PMDemoPrintCo00001');
      const seller = await screen.findByRole('option', { name: 'Maple Ink - Jo Maple' });
      expect((seller as HTMLOptionElement).value).toBe(`seller_${SELLER_ID}`);
    });

    it('lists sellers without a payout account with the spec label, but disabled and explained (ADR 0030)', async () => {
      const user = userEvent.setup();
      renderPage(<PaymentPage />, '/payment');

      const payable = (await screen.findByRole('option', { name: 'Maple Ink - Jo Maple' })) as HTMLOptionElement;
      const unpayable = screen.getByRole('option', { name: 'Harbour Print - Maya Thompson' }) as HTMLOptionElement;
      expect(payable.disabled).toBe(false);
      expect(unpayable.disabled).toBe(true);
      expect(unpayable.value).toBe(`seller_${UNPAYABLE_SELLER_ID}`);
      expect(screen.getByText(/Greyed-out sellers have not connected a Stripe account yet/)).toBeTruthy();

      await fillForm(user, { provider: 'Maple Ink - Jo Maple' });
      expect((screen.getByLabelText(/Print Provider/) as HTMLSelectElement).value).toBe(`seller_${SELLER_ID}`);
    });

    it('toasts "Missing Information" and sends nothing when a field is empty', async () => {
      const user = userEvent.setup();
      renderPage(<PaymentPage />, '/payment');
      await fillForm(user, { provider: '' });

      await user.click(screen.getByRole('button', { name: 'Create Payment' }));

      expect(await findToast(PAYMENT_MESSAGES.MISSING_INFORMATION_TITLE)).toBeTruthy();
      expect(await findToast(PAYMENT_MESSAGES.MISSING_INFORMATION)).toBeTruthy();
      // The contract's message under the field, wired to it, and the focus on it.
      const provider = screen.getByLabelText(/Print Provider/);
      expect(provider.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(provider.getAttribute('aria-describedby')!)?.textContent).toBe(PAYMENT_MESSAGES.PROVIDER_REQUIRED);
      expect(document.activeElement).toBe(provider);
      expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    });

    it('toasts "Missing Information" for an empty amount: the contract says it is required, under the field', async () => {
      const user = userEvent.setup();
      renderPage(<PaymentPage />, '/payment');
      await fillForm(user, { amount: '' });

      await user.click(screen.getByRole('button', { name: 'Create Payment' }));

      expect(await findToast(PAYMENT_MESSAGES.MISSING_INFORMATION)).toBeTruthy();
      const amount = screen.getByLabelText(/Amount/);
      expect(document.getElementById(amount.getAttribute('aria-describedby')!)?.textContent).toBe(PAYMENT_MESSAGES.AMOUNT_REQUIRED);
      expect(document.activeElement).toBe(amount);
      expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    });

    it('toasts "Invalid Amount" for an amount that is not above 0', async () => {
      const user = userEvent.setup();
      renderPage(<PaymentPage />, '/payment');
      await fillForm(user, { amount: '0' });

      await user.click(screen.getByRole('button', { name: 'Create Payment' }));

      expect(await findToast(PAYMENT_MESSAGES.INVALID_AMOUNT_TITLE)).toBeTruthy();
      expect(await findToast(PAYMENT_MESSAGES.INVALID_AMOUNT)).toBeTruthy();
      expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    });

    it('shows a sign-in notice and keeps the form disabled without a session', async () => {
      api = fetchRoutes({ ...baseRoutes(), 'GET /api/auth/session': apiError(401, 'Please sign in to continue.') });
      globalThis.fetch = api.fetch;
      renderPage(<PaymentPage />, '/payment');

      // The notice holds its place unseen (aria-hidden) until the session answers.
      expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
      expect(screen.getByText('Sign in to pay')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
      // Inside a disabled fieldset: jsdom's `.disabled` only reflects the element's own attribute.
      expect(screen.getByLabelText(/Order ID/).matches(':disabled')).toBe(true);
      expect(screen.getByRole('button', { name: 'Create Payment' }).matches(':disabled')).toBe(true);
    });
  });

  describe('creating the payment', () => {
    it('creates the order then the intent with idempotency keys, toasts development mode and shows the breakdown', async () => {
      const api = fetchRoutes({
        ...baseRoutes(),
        'POST /api/orders': { status: 201, body: ORDER },
        'POST /api/create-payment-intent': { status: 200, body: INTENT },
      });
      globalThis.fetch = api.fetch;
      const user = userEvent.setup();
      renderPage(<PaymentPage />, '/payment');
      await fillForm(user);

      await user.click(screen.getByRole('button', { name: 'Create Payment' }));

      expect(await findToast('Payment Ready (Development Mode)')).toBeTruthy();
      expect(await findToast('Using test Stripe keys. No real charges will be made.')).toBeTruthy();
      const [order] = api.callsTo('POST /api/orders');
      expect(order?.body).toEqual({
        orderId: 'ORD-1',
        amount: 100,
        currency: 'usd',
        printProviderStripeAccountId: 'acct_1PMDemoPrintCo00001',
        description: 'Order ORD-1',
      });
      const [intent] = api.callsTo('POST /api/create-payment-intent');
      expect(intent?.body).toEqual({
        orderId: 'ORD-1',
        amount: 100,
        currency: 'usd',
        printProviderStripeAccountId: 'acct_1PMDemoPrintCo00001',
      });
      expect(order?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(intent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(intent?.headers['Idempotency-Key']).not.toBe(order?.headers['Idempotency-Key']);

      const list = screen.getByLabelText('Payment breakdown');
      expect(within(list).getByText('Product Amount').nextElementSibling?.textContent).toBe('$100.00');
      expect(within(list).getByText('Transaction Fee').nextElementSibling?.textContent).toBe('$3.56');
      expect(within(list).getByText('Total').nextElementSibling?.textContent).toBe('$103.56 USD');
      expect(screen.queryByRole('button', { name: 'Create Payment' })).toBeNull();
      expect(await screen.findByRole('button', { name: 'Pay $103.56 USD' })).toBeTruthy();
    });

    it('says when live processing is enabled', async () => {
      globalThis.fetch = fetchRoutes({
        ...baseRoutes(),
        'POST /api/orders': { status: 201, body: ORDER },
        'POST /api/create-payment-intent': { status: 200, body: { ...INTENT, developmentMode: false } },
      }).fetch;
      const user = userEvent.setup();
      renderPage(<PaymentPage />, '/payment');
      await fillForm(user);

      await user.click(screen.getByRole('button', { name: 'Create Payment' }));

      expect(await findToast('Payment Ready')).toBeTruthy();
      expect(await findToast('Live payment processing is enabled. This will create real charges.')).toBeTruthy();
    });

    it('toasts the order failure and does not ask for an intent', async () => {
      const api = fetchRoutes({
        ...baseRoutes(),
        'POST /api/orders': apiError(500, 'Something went wrong on our side. Please try again.'),
      });
      globalThis.fetch = api.fetch;
      const user = userEvent.setup();
      renderPage(<PaymentPage />, '/payment');
      await fillForm(user);

      await user.click(screen.getByRole('button', { name: 'Create Payment' }));

      expect(await findToast('Error')).toBeTruthy();
      expect(await findToast('Failed to create order. Please try again.')).toBeTruthy();
      expect(api.callsTo('POST /api/create-payment-intent')).toHaveLength(0);
    });

    it("toasts the intent failure with the server's reason and replays the same keys on retry", async () => {
      const api = fetchRoutes({
        ...baseRoutes(),
        'POST /api/orders': { status: 201, body: ORDER },
        'POST /api/create-payment-intent': apiError(422, 'This print provider cannot receive payments.'),
      });
      globalThis.fetch = api.fetch;
      const user = userEvent.setup();
      renderPage(<PaymentPage />, '/payment');
      await fillForm(user);

      await user.click(screen.getByRole('button', { name: 'Create Payment' }));
      expect(
        await findToast('Failed to create payment intent. Please try again. This print provider cannot receive payments.'),
      ).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Create Payment' }));

      await waitFor(() => expect(api.callsTo('POST /api/create-payment-intent')).toHaveLength(2));
      const [first, second] = api.callsTo('POST /api/orders');
      expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    });
  });

  describe('paying with a test card', () => {
    async function prepare(routes: Record<string, unknown>): Promise<{ user: UserEvent; api: ReturnType<typeof fetchRoutes> }> {
      const api = fetchRoutes({
        ...baseRoutes(),
        'POST /api/orders': { status: 201, body: ORDER },
        'POST /api/create-payment-intent': { status: 200, body: INTENT },
        ...(routes as Record<string, { status: number; body?: unknown }>),
      });
      globalThis.fetch = api.fetch;
      const user = userEvent.setup();
      renderPage(<PaymentPage />, '/payment');
      await fillForm(user);
      await user.click(screen.getByRole('button', { name: 'Create Payment' }));
      await screen.findByRole('button', { name: 'Pay $103.56 USD' });
      return { user, api };
    }

    it('confirms 4242…, reports completion to the server and shows the success card', async () => {
      const { user, api } = await prepare({
        'POST /api/payments/pi_123/test-card': { status: 200, body: statusView('succeeded') },
        'POST /api/payments': { status: 200, body: statusView('succeeded') },
      });

      await user.type(screen.getByLabelText(/Card Number/), '4242 4242 4242 4242');
      await user.type(screen.getByLabelText(/Expiry/), '12/34');
      await user.type(screen.getByLabelText('CVC'), '123');
      await user.click(screen.getByRole('button', { name: 'Pay $103.56 USD' }));

      expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
      expect(await findToast('Your payment has been processed successfully.')).toBeTruthy();
      expect(api.callsTo('POST /api/payments/pi_123/test-card')[0]?.body).toEqual({
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
        clientSecret: 'pi_123_secret_abc',
      });
      expect(api.callsTo('POST /api/payments')[0]?.body).toEqual({ orderId: 'ORD-1', status: 'completed' });
    });

    it("shows the decline with the card provider's message and the failure card, then lets the buyer retry", async () => {
      const { user, api } = await prepare({
        'POST /api/payments/pi_123/test-card': {
          status: 200,
          body: statusView('requires_payment_method', { failureMessage: 'Your card was declined.' }),
        },
      });

      await user.type(screen.getByLabelText(/Card Number/), '4000 0000 0000 0002');
      await user.click(screen.getByRole('button', { name: 'Pay $103.56 USD' }));

      expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
      expect(screen.getByText('Please check your payment details and try again')).toBeTruthy();
      expect(await findToast('Your card was declined.')).toBeTruthy();
      expect(api.callsTo('POST /api/payments')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Try Again' }));
      expect(screen.getByRole('button', { name: 'Pay $103.56 USD' })).toBeTruthy();
    });

    it('falls back to the generic failure text when the provider gave none', async () => {
      const { user } = await prepare({ 'POST /api/payments/pi_123/test-card': { status: 502 } });

      await user.type(screen.getByLabelText(/Card Number/), '4000 0000 0000 0002');
      await user.click(screen.getByRole('button', { name: 'Pay $103.56 USD' }));

      expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
      expect(await findToast('There was an issue processing your payment.')).toBeTruthy();
    });

    it('refuses a malformed card number without calling the server', async () => {
      const { user, api } = await prepare({});

      await user.type(screen.getByLabelText(/Card Number/), '1234');
      await user.click(screen.getByRole('button', { name: 'Pay $103.56 USD' }));

      expect(await screen.findByText('Please enter a card number')).toBeTruthy();
      const number = screen.getByLabelText(/Card Number/);
      expect(number.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(number.getAttribute('aria-describedby')!)?.textContent).toBe('Please enter a card number');
      expect(document.activeElement).toBe(number);
      expect(api.callsTo('POST /api/payments/pi_123/test-card')).toHaveLength(0);
    });
  });
});
