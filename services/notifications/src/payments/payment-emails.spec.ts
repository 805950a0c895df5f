import { describe, expect, it } from '@jest/globals';
import type { PaymentPayload } from '@paymarket/contracts';
import { paymentFailedEmail, paymentReceiptEmail, paymentRefundedEmail } from './payment-emails.js';

const AT = '2026-11-22T06:40:00.000Z';

const payment: PaymentPayload = {
  orderId: 'order_42',
  companyId: null,
  paymentIntentId: 'pi_123',
  currency: 'usd',
  totalMinor: '10356',
  buyerEmail: 'ana@example.com',
  kind: 'order',
  buyerName: 'Ana',
  description: 'Business cards',
  amountMinor: '10000',
  feeMinor: '356',
  recipients: [{ party: 'provider', displayName: null, amountMinor: '10000' }],
};

describe('payment receipt', () => {
  it("shows a white-label marketplace's share as its own line (ADR 0051), and PayMarket's fee apart", () => {
    const email = paymentReceiptEmail(
      {
        ...payment,
        totalMinor: '10200',
        feeMinor: '200',
        recipients: [{ party: 'provider', displayName: 'Demo Print Co.', amountMinor: '9750' }],
        marketplace: { id: '0b7d1a4e-1111-4c2d-8e3f-000000000001', name: 'Craft Hub', amountMinor: '250' },
      },
      AT,
    )!;
    const lines = email.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Paid to Demo Print Co.: $97.50 USD',
        'Craft Hub marketplace fee: $2.50 USD',
        'PayMarket fee: $2.00 USD',
        'Total charged: $102.00 USD',
      ]),
    );
    expect(paymentReceiptEmail({ ...payment, marketplace: null }, AT)!.text).not.toContain('marketplace fee');
  });

  it('lists the order, what went to whom, the fee and the total, with 2 decimals and the currency', () => {
    const email = paymentReceiptEmail(payment, AT)!;
    expect(email.to).toBe('ana@example.com');
    expect(email.subject).toBe('Your PayMarket receipt for order order_42');
    expect(email.text).toContain('Hi Ana,');
    expect(email.text).toContain('Order: order_42');
    expect(email.text).toContain('Description: Business cards');
    expect(email.text).toContain('Date: 22 Nov 2026, 06:40 UTC');
    expect(email.text).toContain('Payment reference: pi_123');
    expect(email.text).toContain('Paid to the print provider: $100.00 USD');
    expect(email.text).toContain('PayMarket fee: $3.56 USD');
    expect(email.text).toContain('Total charged: $103.56 USD');
  });

  it('names a seller by business name and writes CAD amounts', () => {
    const email = paymentReceiptEmail(
      {
        ...payment,
        kind: 'direct',
        currency: 'cad',
        amountMinor: '5000',
        feeMinor: '479',
        totalMinor: '5479',
        recipients: [{ party: 'seller', displayName: 'Maple Ink', amountMinor: '5000' }],
      },
      AT,
    )!;
    expect(email.text).toContain('Paid to Maple Ink: $50.00 CAD');
    expect(email.text).toContain('PayMarket fee: $4.79 CAD');
    expect(email.text).toContain('Total charged: $54.79 CAD');
    expect(email.text).not.toContain('USD');
  });

  it('lists every recipient of a split order', () => {
    const email = paymentReceiptEmail(
      {
        ...payment,
        recipients: [
          { party: 'seller', displayName: 'Harbour', amountMinor: '5000' },
          { party: 'provider', displayName: null, amountMinor: '4644' },
        ],
        feeMinor: '356',
        totalMinor: '10000',
      },
      AT,
    )!;
    expect(email.text).toContain('Paid to Harbour: $50.00 USD\nPaid to the print provider: $46.44 USD\nPayMarket fee: $3.56 USD');
  });

  it('sends nothing without a buyer email, and greets a nameless buyer', () => {
    expect(paymentReceiptEmail({ ...payment, buyerEmail: null }, AT)).toBeNull();
    expect(paymentReceiptEmail({ ...payment, buyerName: null }, AT)!.text).toContain('Hi there,');
  });

  it('never puts card details in the email', () => {
    const text = paymentReceiptEmail(payment, AT)!.text;
    expect(text).not.toMatch(/\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}/);
    expect(text.toLowerCase()).not.toContain('cvc');
  });
});

describe('refund notice', () => {
  it("names the marketplace's fee among the parts refunded in proportion (ADR 0051)", () => {
    const marketplace = { id: '0b7d1a4e-1111-4c2d-8e3f-000000000001', name: 'Craft Hub', amountMinor: '250' };
    const email = paymentRefundedEmail(
      { ...payment, totalMinor: '10200', feeMinor: '200', marketplace, refundedMinor: '5100', refundedTotalMinor: '5100' },
      AT,
    )!;
    expect(email.text).toContain("The order's parts are refunded in proportion, including the Craft Hub marketplace fee: $2.50 USD.");
    expect(paymentRefundedEmail({ ...payment, refundedMinor: '5178', refundedTotalMinor: '5178' }, AT)!.text).not.toContain('marketplace');
  });

  it('a partial refund says what was refunded now, in total, and what is still charged', () => {
    const email = paymentRefundedEmail({ ...payment, refundedMinor: '5178', refundedTotalMinor: '5178' }, AT)!;
    expect(email.to).toBe('ana@example.com');
    expect(email.subject).toBe('A partial refund for order order_42');
    expect(email.text).toContain('Part of your payment');
    expect(email.text).toContain('Refunded now: $51.78 USD');
    expect(email.text).toContain('Refunded in total: $51.78 USD of $103.56 USD');
    expect(email.text).toContain('Still charged: $51.78 USD');
  });

  it('the refund that completes it says in full', () => {
    const email = paymentRefundedEmail({ ...payment, refundedMinor: '5178', refundedTotalMinor: '10356' }, AT)!;
    expect(email.subject).toBe('Your payment for order order_42 was refunded');
    expect(email.text).toContain('refunded in full');
    expect(email.text).toContain('Refunded now: $51.78 USD');
    expect(email.text).toContain('Refunded in total: $103.56 USD of $103.56 USD');
    expect(email.text).not.toContain('Still charged');
  });

  it('sends nothing without a buyer email', () => {
    expect(paymentRefundedEmail({ ...payment, buyerEmail: null, refundedMinor: '1', refundedTotalMinor: '1' }, AT)).toBeNull();
  });
});

describe('failed payment note', () => {
  it('gives the reason and links back to /payment for an order', () => {
    const email = paymentFailedEmail({ ...payment, reason: 'Your card was declined.' }, 'https://paymarket.example.com/')!;
    expect(email.subject).toBe('Your payment for order order_42 did not go through');
    expect(email.text).toContain('$103.56 USD');
    expect(email.text).toContain('Reason: Your card was declined.');
    expect(email.text).toContain('https://paymarket.example.com/payment');
    expect(email.text).not.toContain('/direct-payment');
  });

  it('links a direct payment back to /direct-payment and words a missing reason', () => {
    const email = paymentFailedEmail({ ...payment, kind: 'direct', reason: null }, 'http://localhost:3000')!;
    expect(email.text).toContain('http://localhost:3000/direct-payment');
    expect(email.text).toContain('Reason: The payment could not be completed.');
  });

  it('sends nothing without a buyer email', () => {
    expect(paymentFailedEmail({ ...payment, buyerEmail: null, reason: 'x' }, 'http://localhost:3000')).toBeNull();
  });
});
