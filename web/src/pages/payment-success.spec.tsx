import { afterEach, describe, expect, it } from '@jest/globals';
import type { PaymentStatusView } from '@paymarket/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { fetchRoutes, renderPage } from '@/components/payments/testing/fetch-routes';
import { PaymentSuccessPage } from './payment-success';

const originalFetch = globalThis.fetch;

const SUCCEEDED: PaymentStatusView = {
  orderId: 'ORD-3DS',
  paymentIntentId: 'pi_3ds',
  paymentStatus: 'succeeded',
  orderStatus: 'processing',
};

describe(PaymentSuccessPage.name, () => {
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('checks the payment with the server, reports completion once and links back to return_to', async () => {
    const api = fetchRoutes({
      'GET /api/payments/pi_3ds': { status: 200, body: SUCCEEDED },
      'POST /api/payments': { status: 200, body: { ...SUCCEEDED, orderStatus: 'completed' } },
    });
    globalThis.fetch = api.fetch;
    renderPage(<PaymentSuccessPage />, '/payment-success?payment_intent=pi_3ds&return_to=/direct-payment', '/payment-success');

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST /api/payments')).toHaveLength(1));
    expect(api.callsTo('POST /api/payments')[0]?.body).toEqual({ orderId: 'ORD-3DS', status: 'completed' });
    expect(screen.getByRole('link', { name: 'Back to Direct Payment' }).getAttribute('href')).toBe('/direct-payment');
  });

  it.each(['https://evil.example/phish', '//evil.example/phish', '/\\evil.example/phish', 'javascript:alert(1)', '/\t/evil.example'])(
    'refuses the absolute return_to %j and links to /payment instead',
    async (returnTo) => {
      globalThis.fetch = fetchRoutes({
        'GET /api/payments/pi_3ds': { status: 200, body: SUCCEEDED },
        'POST /api/payments': { status: 200, body: SUCCEEDED },
      }).fetch;
      renderPage(
        <PaymentSuccessPage />,
        `/payment-success?payment_intent=pi_3ds&return_to=${encodeURIComponent(returnTo)}`,
        '/payment-success',
      );

      const back = await screen.findByRole('link', { name: 'Back to Payment' });
      expect(back.getAttribute('href')).toBe('/payment');
    },
  );

  it('shows the failure card when the authentication failed, without reporting completion', async () => {
    const api = fetchRoutes({
      'GET /api/payments/pi_3ds': {
        status: 200,
        body: {
          ...SUCCEEDED,
          paymentStatus: 'requires_payment_method',
          orderStatus: 'failed',
          failureMessage: 'We are unable to authenticate your payment method.',
        },
      },
    });
    globalThis.fetch = api.fetch;
    renderPage(<PaymentSuccessPage />, '/payment-success?payment_intent=pi_3ds&return_to=/payment', '/payment-success');

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText('We are unable to authenticate your payment method.')).toBeTruthy();
    expect(api.callsTo('POST /api/payments')).toHaveLength(0);
  });
});
