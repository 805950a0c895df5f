import { describe, expect, it } from '@jest/globals';
import { validateDto } from '../validate.js';
import { CreateWebhookEndpointDto, WEBHOOK_ENDPOINT_MESSAGES as M, WEBHOOK_EVENT_TYPES } from './webhook-endpoint.dto.js';

describe(CreateWebhookEndpointDto.name, () => {
  it('accepts a URL with any non-empty subset of the six spec events and payment.disputed (ADR 0045)', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      'payment.succeeded',
      'payment.failed',
      'payment.pending',
      'payment.refunded',
      'provider.connected',
      'order.updated',
      'payment.disputed',
    ]);
    const result = validateDto(CreateWebhookEndpointDto, { url: 'https://hooks.acme.com/in', events: [...WEBHOOK_EVENT_TYPES] });
    expect(result.ok).toBe(true);
  });

  it('names the field: a missing URL, an unknown, empty or non-list events', () => {
    const errors = (body: object) => {
      const result = validateDto(CreateWebhookEndpointDto, body);
      return result.ok ? {} : result.errors;
    };
    expect(errors({ events: ['order.updated'] })).toEqual({ url: [M.URL] });
    expect(errors({ url: 'https://a.com', events: ['order.created'] })).toEqual({ events: [M.EVENTS] });
    expect(errors({ url: 'https://a.com', events: [] })).toEqual({ events: [M.EVENTS] });
    expect(errors({ url: 'https://a.com', events: 'order.updated' })).toEqual({ events: [M.EVENTS] });
    expect(errors({ url: 'https://a.com' })).toEqual({ events: [M.EVENTS] });
  });
});
