import { describe, expect, it } from '@jest/globals';
import { validateDto } from '../validate.js';
import { isDeliveryDate, QUOTE_MESSAGES, SendQuoteDto } from './quote.dto.js';

const today = new Date().toISOString().slice(0, 10);

describe(SendQuoteDto.name, () => {
  it('accepts a quote with a provider share below the price, due today', () => {
    const result = validateDto(SendQuoteDto, {
      amount: '100.00',
      currency: 'cad',
      included: '500 cards, two colours',
      deliveryDate: today,
      printProviderStripeAccountId: 'acct_1PMDemoPrintCo00001',
      providerAmount: 46.44,
    });
    expect(result.ok).toBe(true);
  });

  it('names each bad field with its message', () => {
    const result = validateDto(SendQuoteDto, {
      amount: '0',
      currency: 'eur',
      included: ' short ',
      deliveryDate: '2026-02-30',
      providerAmount: '1',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      amount: [QUOTE_MESSAGES.AMOUNT],
      currency: [QUOTE_MESSAGES.CURRENCY],
      included: [QUOTE_MESSAGES.INCLUDED],
      deliveryDate: [QUOTE_MESSAGES.DELIVERY_DATE],
      providerAmount: [QUOTE_MESSAGES.PROVIDER_AMOUNT_WITHOUT_PROVIDER],
    });
  });
});

describe(isDeliveryDate.name, () => {
  it('wants a real calendar day from today on', () => {
    const now = new Date('2026-11-25T23:00:00Z');
    expect(isDeliveryDate('2026-11-25', now)).toBe(true);
    expect(isDeliveryDate('2026-11-24', now)).toBe(false);
    expect(isDeliveryDate('2027-02-29', now)).toBe(false);
    expect(isDeliveryDate('2028-02-29', now)).toBe(true);
    expect(isDeliveryDate(20261126, now)).toBe(false);
  });
});
