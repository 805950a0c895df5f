import { describe, expect, it } from '@jest/globals';
import { EmbedCreateOrderDto } from '../marketplaces/embed.dto.js';
import { validateDto } from '../validate.js';
import { API_ORDER_MESSAGES, ApiCreateOrderDto } from './api-order.dto.js';

const SELLER = 'seller_0b6f8a52-3c1e-4f7d-9a2b-5e8c1d4f7a90';
const BOTH_PAIR = { printProvider: [API_ORDER_MESSAGES.PROVIDER_PAIR], providerCost: [API_ORDER_MESSAGES.PROVIDER_PAIR] };
const base = { orderId: 'o-1', amount: '100.00', currency: 'usd', recipient: SELLER };

describe('a seller’s order with the print provider that makes it (ApiCreateOrderDto, EmbedCreateOrderDto)', () => {
  it('takes printProvider and providerCost together on a seller’s order', () => {
    const result = validateDto(ApiCreateOrderDto, { ...base, printProvider: 'acct_1PMDemoPrintCo00001', providerCost: '46.44' });
    expect(result.ok).toBe(true);
    expect(validateDto(ApiCreateOrderDto, base).ok).toBe(true);
  });

  it.each([
    ['a provider without its cost', { printProvider: 'acct_1PMDemoPrintCo00001' }, BOTH_PAIR],
    ['a cost without a provider', { providerCost: '10.00' }, BOTH_PAIR],
    [
      'a provider’s own order',
      { recipient: 'acct_1PMDemoPrintCo00001', printProvider: 'acct_1PMDemoPrintCo00001', providerCost: '10.00' },
      BOTH_PAIR,
    ],
    ['not an account', { printProvider: 'seller_1', providerCost: '10.00' }, { printProvider: [API_ORDER_MESSAGES.PRINT_PROVIDER] }],
    [
      'a cost above the amount',
      { printProvider: 'acct_1PMDemoPrintCo00001', providerCost: '100.01' },
      { providerCost: [API_ORDER_MESSAGES.PROVIDER_COST] },
    ],
    [
      'a cost that is not an amount',
      { printProvider: 'acct_1PMDemoPrintCo00001', providerCost: '1.234' },
      { providerCost: [API_ORDER_MESSAGES.PROVIDER_COST] },
    ],
  ])('refuses %s, naming the field', (_case, extra, errors) => {
    expect(validateDto(ApiCreateOrderDto, { ...base, ...extra })).toEqual({ ok: false, errors });
    const embedded = { ...base, buyerEmail: 'ada@example.com', embedOrigin: 'https://shop.example.com', ...extra };
    delete (embedded as { orderId?: string }).orderId;
    expect(validateDto(EmbedCreateOrderDto, embedded)).toEqual({ ok: false, errors });
  });
});
