import { describe, expect, it } from '@jest/globals';
import { RegisterBuyerDto } from './register-buyer.dto.js';
import { BODY_MESSAGES, MAX_BODY_DEPTH, unsafeBodyErrors, validateDto } from './validate.js';

describe(validateDto.name, () => {
  it('refuses a lone UTF-16 surrogate (not Unicode text) in any string or field name, naming the field', () => {
    expect(unsafeBodyErrors({ email: 'a\uD800@example.com', name: 'ok 😀', note: '\uDC00x' })).toEqual({
      email: [BODY_MESSAGES.NOT_UNICODE('email')],
      note: [BODY_MESSAGES.NOT_UNICODE('note')],
    });
    expect(unsafeBodyErrors({ ['a\uDFFF']: 'x' })).toEqual({ body: [BODY_MESSAGES.NOT_UNICODE('A field name')] });
  });

  it('refuses a NUL character in any string, naming the field (PostgreSQL cannot store it in text)', () => {
    const result = validateDto(RegisterBuyerDto, { name: 'a\u0000b', email: 'ada@example.com' });
    expect(result).toEqual({ ok: false, errors: { name: [BODY_MESSAGES.NUL('name')] } });
    expect(unsafeBodyErrors({ profile: { tags: ['ok', 'bad\u0000'] } })).toEqual({
      'profile.tags.1': [BODY_MESSAGES.NUL('profile.tags.1')],
    });
    expect(unsafeBodyErrors({ ['na\u0000me']: 'x' })).toEqual({ body: [BODY_MESSAGES.NUL('A field name')] });
  });

  it('refuses a body nested deeper than the limit without recursing into it', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = { email: deep };
    expect(validateDto(RegisterBuyerDto, deep)).toEqual({ ok: false, errors: { body: [BODY_MESSAGES.TOO_DEEP] } });
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_BODY_DEPTH - 1; i++) fine = { a: fine };
    expect(unsafeBodyErrors(fine as object)).toBeUndefined();
  });

  it('still validates ordinary bodies', () => {
    expect(validateDto(RegisterBuyerDto, { name: 'Ada', email: 'ada@example.com' }).ok).toBe(true);
  });
});
