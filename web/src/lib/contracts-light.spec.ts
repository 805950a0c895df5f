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
    // ADR 0058: what /integrate, /admin and /developers render with.
    expect(light.isDomainName).toBe(contracts.isDomainName);
    expect(light.normaliseDomain).toBe(contracts.normaliseDomain);
    expect(light.MARKETPLACE_WEBHOOK_EVENTS).toBe(contracts.MARKETPLACE_WEBHOOK_EVENTS);
    expect(light.CONSOLE_MESSAGES).toBe(contracts.CONSOLE_MESSAGES);
    expect(light.API_KEY_ACCESS).toBe(contracts.API_KEY_ACCESS);
    expect(light.WEBHOOK_EVENT_TYPES).toBe(contracts.WEBHOOK_EVENT_TYPES);
    expect(light.WEBHOOK_DELIVERY_STATUSES).toBe(contracts.WEBHOOK_DELIVERY_STATUSES);
    expect(light.WEBHOOK_TEST_EVENT).toBe(contracts.WEBHOOK_TEST_EVENT);
    expect(light.MARKETPLACE_TENANT_MESSAGES).toBe(contracts.MARKETPLACE_TENANT_MESSAGES);
    expect(light.MAX_MARKETPLACE_DOMAINS).toBe(contracts.MAX_MARKETPLACE_DOMAINS);
    // ADR 0075: the audit log on /admin and in the developer console.
    expect(light.AUDIT_ACTIONS).toBe(contracts.AUDIT_ACTIONS);
    expect(light.deviceLabel).toBe(contracts.deviceLabel);
  });
});
