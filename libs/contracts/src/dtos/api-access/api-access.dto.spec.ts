import { describe, expect, it } from '@jest/globals';
import { validateDto } from '../validate.js';
import { API_ACCESS_BUSINESS_TYPES, API_ACCESS_MESSAGES as M, ApproveCompanyDto, RequestApiAccessDto } from './api-access.dto.js';

const valid = {
  name: '  Acme Prints Ltd ',
  website: 'acmeprints.com',
  email: ' OPS@AcmePrints.com ',
  businessType: 'saas',
  contactName: 'Ada Lovelace',
};

describe(RequestApiAccessDto.name, () => {
  it('accepts the required fields, trimming text and normalising the email; a website may omit the scheme', () => {
    const result = validateDto(RequestApiAccessDto, valid);
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ name: 'Acme Prints Ltd', email: 'ops@acmeprints.com' }) });
  });

  it('offers exactly the spec’s business types', () => {
    expect(API_ACCESS_BUSINESS_TYPES.map((t) => t.value)).toEqual([
      'e-commerce',
      'marketplace',
      'print-on-demand',
      'saas',
      'agency',
      'enterprise',
      'startup',
      'other',
    ]);
    for (const { value } of API_ACCESS_BUSINESS_TYPES)
      expect(validateDto(RequestApiAccessDto, { ...valid, businessType: value }).ok).toBe(true);
  });

  it('names each failing field with its message', () => {
    const result = validateDto(RequestApiAccessDto, {
      website: 'javascript:alert(1)',
      businessType: 'casino',
      contactPhone: '',
      taxId: '',
    });
    expect(result).toEqual({
      ok: false,
      errors: { name: [M.NAME], website: [M.WEBSITE], email: [M.EMAIL], businessType: [M.BUSINESS_TYPE], contactName: [M.CONTACT_NAME] },
    });
  });

  it('treats blank optional phone and tax id as absent, and refuses unknown fields', () => {
    expect(validateDto(RequestApiAccessDto, { ...valid, contactPhone: '', taxId: '' }).ok).toBe(true);
    expect(validateDto(RequestApiAccessDto, { ...valid, secretKey: 'x' })).toEqual({
      ok: false,
      errors: { secretKey: ['Unknown field: secretKey'] },
    });
  });

  it('limits approval notes to text of at most 1000 characters', () => {
    expect(validateDto(ApproveCompanyDto, {}).ok).toBe(true);
    expect(validateDto(ApproveCompanyDto, { notes: 5 })).toEqual({ ok: false, errors: { notes: [M.NOTES] } });
    expect(validateDto(ApproveCompanyDto, { notes: 'x'.repeat(1001) }).ok).toBe(false);
  });
});
