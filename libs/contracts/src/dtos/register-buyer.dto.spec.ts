import { describe, expect, it } from '@jest/globals';
import { BUYER_MESSAGES, RegisterBuyerDto } from './register-buyer.dto.js';
import { validateDto } from './validate.js';

describe(RegisterBuyerDto.name, () => {
  const valid = { name: 'Ada Lovelace', email: 'ada@example.com' };

  it('accepts name and email alone, trimming the name and lower-casing the email', () => {
    const result = validateDto(RegisterBuyerDto, { name: '  Ada  ', email: ' ADA@Example.COM ' });
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ name: 'Ada', email: 'ada@example.com' }) });
  });

  it('accepts the optional free-text fields', () => {
    const result = validateDto(RegisterBuyerDto, {
      ...valid,
      company: 'Acme',
      businessType: 'retail',
      expectedVolume: '100/month',
      requirements: 'Fast',
    });
    expect(result.ok).toBe(true);
  });

  it.each([
    [{ email: 'ada@example.com' }, 'name', BUYER_MESSAGES.NAME_REQUIRED],
    [{ name: '   ', email: 'ada@example.com' }, 'name', BUYER_MESSAGES.NAME_REQUIRED],
    [{ name: 42, email: 'ada@example.com' }, 'name', BUYER_MESSAGES.NAME_REQUIRED],
    [{ name: 'x'.repeat(101), email: 'ada@example.com' }, 'name', BUYER_MESSAGES.NAME_TOO_LONG],
    [{ name: 'Ada' }, 'email', BUYER_MESSAGES.EMAIL_INVALID],
    [{ name: 'Ada', email: 'not-an-email' }, 'email', BUYER_MESSAGES.EMAIL_INVALID],
    [{ ...valid, requirements: 'x'.repeat(2001) }, 'requirements', 'Requirements must be at most 2000 characters'],
  ])('refuses %j with one message on %s', (input, field, message) => {
    const result = validateDto(RegisterBuyerDto, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toEqual([message]);
  });

  it('names unknown fields instead of dropping them', () => {
    const result = validateDto(RegisterBuyerDto, { ...valid, isAdmin: true });
    expect(result).toEqual({ ok: false, errors: { isAdmin: ['Unknown field: isAdmin'] } });
  });

  it.each([null, 'text', [1, 2], 7])('refuses a body that is not an object (%j)', (body) => {
    expect(validateDto(RegisterBuyerDto, body)).toEqual({ ok: false, errors: { body: ['The request body must be a JSON object'] } });
  });
});
