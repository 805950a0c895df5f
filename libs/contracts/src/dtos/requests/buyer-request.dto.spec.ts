import { describe, expect, it } from '@jest/globals';
import { validateDto } from '../validate.js';
import {
  BUYER_REQUEST_MESSAGES,
  ContactBuyerDto,
  ListBuyerRequestsQueryDto,
  PostBuyerRequestDto,
  PostBuyerRequestFormDto,
  UpdateBuyerRequestDto,
} from './buyer-request.dto.js';

describe(PostBuyerRequestDto.name, () => {
  const valid = { title: 'Business cards', description: '500 cards, matte', category: 'business-cards', budget: '$100' };

  it('accepts a request and trims its text', () => {
    const result = validateDto(PostBuyerRequestDto, { ...valid, title: '  Business cards  ', buyerEmail: ' A@B.COM ' });
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ title: 'Business cards', buyerEmail: 'a@b.com' }) });
  });

  it.each([
    [{ ...valid, title: '' }, 'title'],
    [{ ...valid, title: '   ' }, 'title'],
    [{ description: 'x' }, 'title'],
    [{ ...valid, description: '' }, 'description'],
    [{ title: 'x' }, 'description'],
  ])('refuses %j with the spec message on %s', (input, field) => {
    const result = validateDto(PostBuyerRequestDto, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toEqual([BUYER_REQUEST_MESSAGES.MISSING_REQUIRED]);
  });

  it('uses the spec text "Missing Required Fields: Please fill in title, description, and your registered email."', () => {
    expect(BUYER_REQUEST_MESSAGES.MISSING_REQUIRED).toBe(
      'Missing Required Fields: Please fill in title, description, and your registered email.',
    );
  });

  it.each([
    [{ ...valid, category: 'weapons' }, 'category'],
    [{ ...valid, title: 'x'.repeat(151) }, 'title'],
    [{ ...valid, description: 'x'.repeat(5001) }, 'description'],
    [{ ...valid, budget: 'x'.repeat(101) }, 'budget'],
    [{ ...valid, buyerEmail: 'not-an-email' }, 'buyerEmail'],
    [{ ...valid, buyerName: 'Mallory' }, 'buyerName'],
  ])('refuses %j on %s', (input, field) => {
    const result = validateDto(PostBuyerRequestDto, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
  });
});

describe(UpdateBuyerRequestDto.name, () => {
  it.each([{ title: '', description: 'x' }, { title: 'x', description: ' ' }, {}])(
    'refuses %j with "Title and description are required."',
    (input) => {
      const result = validateDto(UpdateBuyerRequestDto, input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(new Set(Object.values(result.errors).flat())).toEqual(new Set(['Title and description are required.']));
    },
  );
});

describe(ContactBuyerDto.name, () => {
  it('needs a request id and takes an optional message', () => {
    expect(validateDto(ContactBuyerDto, { requestId: '6f1c2d43-8a5e-4b7f-9c3d-2e1f0a9b8c7d' }).ok).toBe(true);
    expect(validateDto(ContactBuyerDto, { requestId: 'nope' })).toEqual({
      ok: false,
      errors: { requestId: ['Choose a request to contact.'] },
    });
    expect(validateDto(ContactBuyerDto, { requestId: '6f1c2d43-8a5e-4b7f-9c3d-2e1f0a9b8c7d', sellerMessage: 'x'.repeat(2001) }).ok).toBe(
      false,
    );
  });
});

describe(ListBuyerRequestsQueryDto.name, () => {
  it('turns a numeric limit string into a number and checks the filters', () => {
    expect(validateDto(ListBuyerRequestsQueryDto, { limit: '10', budget: '100-500', category: 'packaging', q: ' cards ' })).toEqual({
      ok: true,
      value: expect.objectContaining({ limit: 10, q: 'cards' }),
    });
    expect(validateDto(ListBuyerRequestsQueryDto, { limit: '0' }).ok).toBe(false);
    expect(validateDto(ListBuyerRequestsQueryDto, { limit: '101' }).ok).toBe(false);
    expect(validateDto(ListBuyerRequestsQueryDto, { budget: 'cheap' }).ok).toBe(false);
  });
});

describe(PostBuyerRequestFormDto.name, () => {
  const sut = (body: object) => validateDto(PostBuyerRequestFormDto, body);

  it('requires the registered email with the spec message, like title and description', () => {
    expect(sut({ title: '', description: '', buyerEmail: '' })).toEqual({
      ok: false,
      errors: {
        title: [BUYER_REQUEST_MESSAGES.MISSING_REQUIRED],
        description: [BUYER_REQUEST_MESSAGES.MISSING_REQUIRED],
        buyerEmail: [BUYER_REQUEST_MESSAGES.MISSING_REQUIRED],
      },
    });
    expect(sut({ title: 'Cards', description: 'Five hundred', buyerEmail: 'not-an-email' })).toEqual({
      ok: false,
      errors: { buyerEmail: [BUYER_REQUEST_MESSAGES.EMAIL_INVALID] },
    });
    expect(sut({ title: 'Cards', description: 'Five hundred', buyerEmail: ' Ada@Example.com ' })).toMatchObject({
      ok: true,
      value: { buyerEmail: 'ada@example.com' },
    });
  });
});
