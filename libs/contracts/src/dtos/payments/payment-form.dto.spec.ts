import { describe, expect, it } from '@jest/globals';
import { validateDto } from '../validate.js';
import { CreatePaymentIntentDto, PAYMENT_FORM_MISSING, PaymentFormDto } from './create-order.dto.js';
import { PAYMENT_MESSAGES as M } from './payment-messages.js';

const filled = { orderId: 'ORD-1', amount: '100.00', currency: 'usd', printProviderStripeAccountId: 'acct_1PMDemoPrintCo00001' };

describe('the /payment form (PaymentFormDto)', () => {
  it('accepts what CreatePaymentIntentDto accepts', () => {
    expect(validateDto(PaymentFormDto, filled).ok).toBe(true);
    expect(validateDto(CreatePaymentIntentDto, filled).ok).toBe(true);
  });

  it('says an empty field is missing (the spec’s "Missing Information"), and an amount that is not above 0 is invalid', () => {
    const empty = validateDto(PaymentFormDto, { ...filled, orderId: ' ', amount: '', printProviderStripeAccountId: '' });
    expect(empty.ok ? {} : empty.errors).toEqual({
      orderId: [M.ORDER_ID_REQUIRED],
      amount: [M.AMOUNT_REQUIRED],
      printProviderStripeAccountId: [M.PROVIDER_REQUIRED],
    });
    for (const messages of Object.values(empty.ok ? {} : empty.errors)) expect(PAYMENT_FORM_MISSING).toContain(messages[0]);
    const zero = validateDto(PaymentFormDto, { ...filled, amount: '0' });
    expect(zero.ok ? {} : zero.errors).toEqual({ amount: [M.INVALID_AMOUNT] });
    expect(PAYMENT_FORM_MISSING).not.toContain(M.INVALID_AMOUNT);
  });
});
