import { describe, expect, it } from '@jest/globals';
import * as contracts from '@paymarket/contracts';
import * as light from './contracts-light';

describe('contracts-light (the contracts values pages render with, outside the contracts barrel)', () => {
  it('are the contracts own values, not copies', () => {
    expect(light.REQUEST_CATEGORIES).toBe(contracts.REQUEST_CATEGORIES);
    expect(light.REQUEST_CATEGORY_LABELS).toBe(contracts.REQUEST_CATEGORY_LABELS);
    expect(light.BUDGET_BUCKETS).toBe(contracts.BUDGET_BUCKETS);
    expect(light.BUDGET_BUCKET_LABELS).toBe(contracts.BUDGET_BUCKET_LABELS);
    expect(light.PAYMENT_CURRENCIES).toBe(contracts.PAYMENT_CURRENCIES);
    expect(light.PAYMENT_MESSAGES).toBe(contracts.PAYMENT_MESSAGES);
    expect(light.formatMinor).toBe(contracts.formatMinor);
    expect(light.amountToMinor).toBe(contracts.amountToMinor);
    expect(light.PAYEE_AUTH_MESSAGES).toBe(contracts.PAYEE_AUTH_MESSAGES);
    expect(light.EMBED_EVENTS).toBe(contracts.EMBED_EVENTS);
    expect(light.EMBED_MESSAGES).toBe(contracts.EMBED_MESSAGES);
    expect(light.EMBED_MESSAGE_SOURCE).toBe(contracts.EMBED_MESSAGE_SOURCE);
    expect(light.EMBED_TOKEN_HEADER).toBe(contracts.EMBED_TOKEN_HEADER);
  });
});
