import { afterEach, describe, expect, it } from '@jest/globals';
import { PAYMENT_MESSAGES, type DirectPaymentResponse, type PaymentStatusView } from '@paymarket/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { apiError, fetchRoutes, findToast, renderPage } from '@/components/payments/testing/fetch-routes';
import { DirectPaymentPage } from './direct-payment';

const originalFetch = globalThis.fetch;
const CONFIG = { status: 200, body: { developmentMode: true, publishableKey: null, fees: { usd: '3.56', cad: '4.79' } } };
const seller = (id: string, businessName: string, payable: boolean) => ({
  id,
  businessName,
  sellerName: 'Lou Tremblay',
  email: 'lou@example.com',
  phone: '5551234567',
  category: 'printing',
  description: 'Prints',
  products: 'Cards',
  pricing: 'From $10',
  location: 'Montreal',
  website: null,
  averageRating: 0,
  totalRatings: 0,
  payable,
});
const SHOWCASE = {
  status: 200,
  body: {
    sellers: [seller('s1', 'Maple Ink', true), seller('s2', 'Unconnected Co', false)],
    stats: { total: 2, categories: { printing: 2 } },
    nextCursor: null,
  },
};

const PREPARED: DirectPaymentResponse = {
  clientSecret: 'pi_9_secret_x',
  paymentIntentId: 'pi_9',
  developmentMode: true,
  breakdown: { sellerGets: '100.00', paymarketGets: '3.56', total: '103.56', currency: 'usd' },
};

function rowValue(list: HTMLElement, label: string): string | null | undefined {
  return within(list).getByText(label).nextElementSibling?.textContent;
}

async function fillForm(user: UserEvent, amount = '100'): Promise<void> {
  await user.selectOptions(screen.getByLabelText(/Seller/), await screen.findByRole('option', { name: 'Maple Ink - Lou Tremblay' }));
  await user.type(screen.getByLabelText(/Amount/), amount);
  await user.type(screen.getByLabelText(/Description/), 'Business cards');
  await user.type(screen.getByLabelText(/Your Name/), 'Guest Buyer');
  await user.type(screen.getByLabelText(/Your Email/), 'Guest@Example.com');
}

describe(DirectPaymentPage.name, () => {
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('lists the steps before preparing and shows the live breakdown only once the amount is above 0', async () => {
    globalThis.fetch = fetchRoutes({
      'GET /api/payments/config': CONFIG,
      'GET /api/sellers-showcase?payable=true&limit=100': SHOWCASE,
    }).fetch;
    const user = userEvent.setup();
    renderPage(<DirectPaymentPage />, '/direct-payment');

    expect(screen.getByRole('list', { name: 'How it works' }).children).toHaveLength(4);
    await user.type(screen.getByLabelText(/Amount/), '0');
    expect(screen.queryByLabelText('Live breakdown')).toBeNull();

    await user.clear(screen.getByLabelText(/Amount/));
    await user.type(screen.getByLabelText(/Amount/), '0.29');
    const usd = await screen.findByLabelText('Live breakdown');
    expect(rowValue(usd, 'Amount to seller')).toBe('$0.29');
    expect(rowValue(usd, 'PayMarket transaction fee')).toBe('$3.56');
    // 0.29 + 3.56 in floats is 3.8499999999999996: the page adds cents.
    expect(rowValue(usd, 'Total')).toBe('$3.85 USD');

    await user.selectOptions(screen.getByLabelText(/Currency/), 'CAD');
    await user.clear(screen.getByLabelText(/Amount/));
    await user.type(screen.getByLabelText(/Amount/), '1.1');
    const cad = screen.getByLabelText('Live breakdown');
    expect(rowValue(cad, 'PayMarket transaction fee')).toBe('$4.79');
    // 1.1 + 4.79 in floats is 5.890000000000001.
    expect(rowValue(cad, 'Total')).toBe('$5.89 CAD');
  });

  it('offers only the sellers who can be paid, by name', async () => {
    globalThis.fetch = fetchRoutes({
      'GET /api/payments/config': CONFIG,
      'GET /api/sellers-showcase?payable=true&limit=100': SHOWCASE,
    }).fetch;
    renderPage(<DirectPaymentPage />, '/direct-payment');

    expect(await screen.findByRole('option', { name: 'Maple Ink - Lou Tremblay' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Unconnected Co/ })).toBeNull();
    expect(screen.queryByText(/acct_/)).toBeNull();
  });

  it('shows the spec messages under the fields and sends nothing for an empty form', async () => {
    const api = fetchRoutes({ 'GET /api/payments/config': CONFIG, 'GET /api/sellers-showcase?payable=true&limit=100': SHOWCASE });
    globalThis.fetch = api.fetch;
    const user = userEvent.setup();
    renderPage(<DirectPaymentPage />, '/direct-payment');

    await user.click(screen.getByRole('button', { name: 'Prepare Payment' }));

    expect(await screen.findByText(PAYMENT_MESSAGES.SELLER_ACCOUNT_REQUIRED)).toBeTruthy();
    const seller = screen.getByLabelText(/Seller/);
    expect(document.activeElement).toBe(seller);
    expect(document.getElementById(seller.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      PAYMENT_MESSAGES.SELLER_ACCOUNT_REQUIRED,
    );
    for (const message of [
      PAYMENT_MESSAGES.SELLER_ACCOUNT_REQUIRED,
      PAYMENT_MESSAGES.MIN_AMOUNT,
      PAYMENT_MESSAGES.DESCRIPTION_REQUIRED,
      PAYMENT_MESSAGES.VALID_EMAIL,
      PAYMENT_MESSAGES.BUYER_NAME_REQUIRED,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('prepares the payment, pays with a test card, then resets the form and clears the card form', async () => {
    const succeeded: PaymentStatusView = {
      orderId: 'order_1',
      paymentIntentId: 'pi_9',
      paymentStatus: 'succeeded',
      orderStatus: 'completed',
    };
    const api = fetchRoutes({
      'GET /api/payments/config': CONFIG,
      'GET /api/sellers-showcase?payable=true&limit=100': SHOWCASE,
      'POST /api/create-buyer-seller-payment': { status: 200, body: PREPARED },
      'POST /api/payments/pi_9/test-card': { status: 200, body: succeeded },
    });
    globalThis.fetch = api.fetch;
    const user = userEvent.setup();
    renderPage(<DirectPaymentPage />, '/direct-payment');
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: 'Prepare Payment' }));

    expect(await findToast('Payment Ready')).toBeTruthy();
    expect(await findToast(/Total: \$103\.56 USD\. Seller gets \$100\.00, PayMarket gets \$3\.56/)).toBeTruthy();
    const [prepare] = api.callsTo('POST /api/create-buyer-seller-payment');
    expect(prepare?.body).toEqual({
      orderId: expect.stringMatching(/^order_\d+$/),
      amount: 100,
      currency: 'usd',
      sellerStripeAccountId: 'seller_s1',
      description: 'Business cards',
      buyerEmail: 'guest@example.com',
      buyerName: 'Guest Buyer',
    });
    expect(prepare?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('list', { name: 'How it works' })).toBeNull();

    await user.type(await screen.findByLabelText(/Card Number/), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $103.56 USD' }));

    expect(await findToast('Payment Successful!')).toBeTruthy();
    expect(
      await findToast(/The seller received \$100\.00 USD directly\. PayMarket collected only the \$3\.56 transaction fee\./),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText(/Card Number/)).toBeNull());
    expect(screen.getByRole('list', { name: 'How it works' })).toBeTruthy();
    expect((screen.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Seller/) as HTMLSelectElement).value).toBe('');
  });

  it('keeps the card form after a decline', async () => {
    const declined: PaymentStatusView = {
      orderId: 'order_1',
      paymentIntentId: 'pi_9',
      paymentStatus: 'requires_payment_method',
      orderStatus: 'failed',
      failureMessage: 'Your card has insufficient funds.',
    };
    globalThis.fetch = fetchRoutes({
      'GET /api/payments/config': CONFIG,
      'GET /api/sellers-showcase?payable=true&limit=100': SHOWCASE,
      'POST /api/create-buyer-seller-payment': { status: 200, body: PREPARED },
      'POST /api/payments/pi_9/test-card': { status: 200, body: declined },
    }).fetch;
    const user = userEvent.setup();
    renderPage(<DirectPaymentPage />, '/direct-payment');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Prepare Payment' }));

    await user.type(await screen.findByLabelText(/Card Number/), '4000000000009995');
    await user.click(screen.getByRole('button', { name: 'Pay $103.56 USD' }));

    expect(await findToast('Payment Failed')).toBeTruthy();
    expect(await findToast('Your card has insufficient funds.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $103.56 USD' })).toBeTruthy();
  });

  it('toasts the prepare failure', async () => {
    globalThis.fetch = fetchRoutes({
      'GET /api/payments/config': CONFIG,
      'GET /api/sellers-showcase?payable=true&limit=100': SHOWCASE,
      'POST /api/create-buyer-seller-payment': apiError(500, 'Something went wrong on our side. Please try again.'),
    }).fetch;
    const user = userEvent.setup();
    renderPage(<DirectPaymentPage />, '/direct-payment');
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: 'Prepare Payment' }));

    expect(await findToast('Error')).toBeTruthy();
    expect(await findToast('Failed to create payment. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prepare Payment' })).toBeTruthy();
  });
});
