import { afterEach, describe, expect, it } from '@jest/globals';
import { QUOTE_MESSAGES, type QuoteView } from '@paymarket/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fetchRoutes, findToast, renderPage } from '@/components/payments/testing/fetch-routes';
import { RequestQuotesPage } from './request-quotes';

const originalFetch = globalThis.fetch;
const REQ = '11111111-1111-4111-8111-111111111111';
const QUOTE: QuoteView = {
  id: '22222222-2222-4222-8222-222222222222',
  requestId: REQ,
  seller: { id: 's1', businessName: 'Maple Ink' },
  amount: '100.00',
  amountMinor: '10000',
  currency: 'usd',
  included: '500 cards, two colours',
  deliveryDate: '2030-01-01',
  provider: null,
  status: 'sent',
  orderId: null,
  declineReason: null,
  messages: [],
  createdAt: '2026-11-25T10:00:00.000Z',
  decidedAt: null,
};
const PAY = { orderId: `quote_${QUOTE.id}`, amount: '100.00', currency: 'usd', printProviderStripeAccountId: 'seller_s1' };

describe(RequestQuotesPage.name, () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    globalThis.fetch = originalFetch;
  });

  it('lets the owner accept a quote and pay it with the test card form', async () => {
    let status: QuoteView['status'] = 'sent';
    const routes = fetchRoutes({
      [`GET /api/buyer-requests/${REQ}/quotes`]: () => ({
        status: 200,
        body: { requestId: REQ, requestStatus: 'open', quotes: [{ ...QUOTE, status }] },
      }),
      [`POST /api/buyer-requests/${REQ}/quotes/${QUOTE.id}/accept`]: () => {
        status = 'accepted';
        return {
          status: 200,
          body: { quote: { ...QUOTE, status }, pay: PAY, payUrl: '/payment', message: 'Quote accepted. Pay the order to confirm it.' },
        };
      },
      'POST /api/create-payment-intent': {
        status: 200,
        body: {
          clientSecret: 'pi_1_secret_x',
          paymentIntentId: 'pi_1',
          developmentMode: true,
          breakdown: { sellerGets: '100.00', paymarketGets: '3.56', total: '103.56', currency: 'usd' },
        },
      },
      'GET /api/payments/config': {
        status: 200,
        body: { developmentMode: true, publishableKey: null, fees: { usd: '3.56', cad: '4.79' } },
      },
    });
    globalThis.fetch = routes.fetch;
    renderPage(<RequestQuotesPage />, `/buyer-requests/${REQ}/quotes`, '/buyer-requests/:id/quotes');

    const card = await screen.findByRole('article', { name: 'Quote from Maple Ink' });
    expect(within(card).getByText(/\$100\.00 USD/)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await findToast('Quote Accepted');
    expect(await screen.findByRole('button', { name: 'Pay $103.56 USD' })).toBeTruthy();
    expect(routes.callsTo('POST /api/create-payment-intent')[0]?.body).toEqual(PAY);
  });

  it('after the card step, reads the quotes again until the request shows fulfilled (payments tells requests a moment later)', async () => {
    let accepted = false;
    let recorded = false;
    let readsAfterPaying = 0;
    let paid = false;
    const routes = fetchRoutes({
      [`GET /api/buyer-requests/${REQ}/quotes`]: () => {
        if (paid) readsAfterPaying += 1;
        // The event reaches requests only on the third read after the card step.
        if (paid && readsAfterPaying >= 3) recorded = true;
        const status: QuoteView['status'] = recorded ? 'paid' : accepted ? 'accepted' : 'sent';
        return { status: 200, body: { requestId: REQ, requestStatus: recorded ? 'fulfilled' : 'open', quotes: [{ ...QUOTE, status }] } };
      },
      [`POST /api/buyer-requests/${REQ}/quotes/${QUOTE.id}/accept`]: () => {
        accepted = true;
        return {
          status: 200,
          body: {
            quote: { ...QUOTE, status: 'accepted' },
            pay: PAY,
            payUrl: '/payment',
            message: 'Quote accepted. Pay the order to confirm it.',
          },
        };
      },
      'POST /api/create-payment-intent': {
        status: 200,
        body: {
          clientSecret: 'pi_1_secret_x',
          paymentIntentId: 'pi_1',
          developmentMode: true,
          breakdown: { sellerGets: '100.00', paymarketGets: '3.56', total: '103.56', currency: 'usd' },
        },
      },
      'GET /api/payments/config': {
        status: 200,
        body: { developmentMode: true, publishableKey: null, fees: { usd: '3.56', cad: '4.79' } },
      },
      'POST /api/payments/pi_1/test-card': () => {
        paid = true;
        return {
          status: 200,
          body: { orderId: PAY.orderId, paymentIntentId: 'pi_1', paymentStatus: 'succeeded', orderStatus: 'completed' },
        };
      },
      'POST /api/payments': { status: 200, body: { ok: true } },
    });
    globalThis.fetch = routes.fetch;
    renderPage(<RequestQuotesPage />, `/buyer-requests/${REQ}/quotes`, '/buyer-requests/:id/quotes');

    const card = await screen.findByRole('article', { name: 'Quote from Maple Ink' });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await userEvent.type(await screen.findByLabelText(/Card Number/), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $103.56 USD' }));
    await findToast('Payment Successful!');
    expect(await screen.findByText(/Your payment went through/)).toBeTruthy();
    // No click, no reload: the page polls until requests has recorded the payment.
    expect(await screen.findByText('This request is fulfilled: a quote on it was paid.', undefined, { timeout: 8000 })).toBeTruthy();
    expect(readsAfterPaying).toBeGreaterThanOrEqual(3);
    expect(screen.queryByText(/Your payment went through/)).toBeNull();
  }, 20_000);

  it('sends one Idempotency-Key per question: the same when a failed question is sent again, a new one for the next', async () => {
    let answers = 0;
    const routes = fetchRoutes({
      [`GET /api/buyer-requests/${REQ}/quotes`]: { status: 200, body: { requestId: REQ, requestStatus: 'open', quotes: [QUOTE] } },
      // The first answer is lost (the gateway timed out); sending again is answered.
      [`POST /api/buyer-requests/${REQ}/quotes/${QUOTE.id}/questions`]: () =>
        ++answers === 1
          ? apiError(504, 'The service did not answer in time, try again.')
          : { status: 201, body: { quote: QUOTE, message: 'Your question has been sent to the seller.' } },
    });
    globalThis.fetch = routes.fetch;
    renderPage(<RequestQuotesPage />, `/buyer-requests/${REQ}/quotes`, '/buyer-requests/:id/quotes');

    const card = await screen.findByRole('article', { name: 'Quote from Maple Ink' });
    const question = within(card).getByLabelText('Ask the seller a question');
    await userEvent.type(question, 'Is the paper recycled?');
    await userEvent.click(within(card).getByRole('button', { name: 'Ask' }));
    await findToast('Failed to Send Question');
    await userEvent.click(within(card).getByRole('button', { name: 'Ask' }));
    await findToast('Question Sent');
    // Asking the same thing again later is a new question.
    await userEvent.type(question, 'Is the paper recycled?');
    await userEvent.click(within(card).getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(routes.callsTo(`POST /api/buyer-requests/${REQ}/quotes/${QUOTE.id}/questions`)).toHaveLength(3));

    const asked = routes.callsTo(`POST /api/buyer-requests/${REQ}/quotes/${QUOTE.id}/questions`);
    expect(asked.map((c) => c.body)).toEqual(Array(3).fill({ message: 'Is the paper recycled?' }));
    const [first, retry, next] = asked.map((c) => c.headers['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first);
  });

  it("refuses a blank question with the contract's message under the field, focused, nothing sent", async () => {
    const routes = fetchRoutes({
      [`GET /api/buyer-requests/${REQ}/quotes`]: { status: 200, body: { requestId: REQ, requestStatus: 'open', quotes: [QUOTE] } },
    });
    globalThis.fetch = routes.fetch;
    renderPage(<RequestQuotesPage />, `/buyer-requests/${REQ}/quotes`, '/buyer-requests/:id/quotes');

    const card = await screen.findByRole('article', { name: 'Quote from Maple Ink' });
    const question = within(card).getByLabelText('Ask the seller a question');
    await userEvent.type(question, '   ');
    await userEvent.click(within(card).getByRole('button', { name: 'Ask' }));
    expect(await within(card).findByText(QUOTE_MESSAGES.MESSAGE)).toBeTruthy();
    expect(question.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(question.getAttribute('aria-describedby')!)?.textContent).toBe(QUOTE_MESSAGES.MESSAGE);
    expect(document.activeElement).toBe(question);
    expect(routes.callsTo(`POST /api/buyer-requests/${REQ}/quotes/${QUOTE.id}/questions`)).toHaveLength(0);
  });

  it('tells a signed-out visitor to sign in, and lets a seller of this browser send a quote with its token', async () => {
    window.localStorage.setItem('seller_auth_s1', 'tok-1');
    const routes = fetchRoutes({
      [`GET /api/buyer-requests/${REQ}/quotes`]: apiError(401, 'Please sign in to continue.'),
      [`POST /api/buyer-requests/${REQ}/quotes`]: {
        status: 201,
        body: { quote: QUOTE, message: 'Your quote has been sent to the buyer.' },
      },
    });
    globalThis.fetch = routes.fetch;
    renderPage(<RequestQuotesPage />, `/buyer-requests/${REQ}/quotes`, '/buyer-requests/:id/quotes');

    expect(await screen.findByText(/as the buyer who posted this request/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Send a quote' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send Quote' }));
    expect(await within(form).findByText('Please enter a valid amount')).toBeTruthy();
    const price = within(form).getByLabelText('Price*');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby')!)?.textContent).toBe('Please enter a valid amount');
    expect(document.activeElement).toBe(price);
    expect(routes.callsTo(`POST /api/buyer-requests/${REQ}/quotes`)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Price*'), '100');
    await userEvent.type(within(form).getByLabelText('What is included*'), '500 cards, two colours');
    await userEvent.type(within(form).getByLabelText('Delivery date*'), '2030-01-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Quote' }));
    await findToast('Quote Sent');
    const [call] = routes.callsTo(`POST /api/buyer-requests/${REQ}/quotes`);
    expect(call?.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'X-Seller-Id': 's1' });
    expect(call?.body).toEqual({ amount: '100', currency: 'usd', included: '500 cards, two colours', deliveryDate: '2030-01-01' });
  });
});
