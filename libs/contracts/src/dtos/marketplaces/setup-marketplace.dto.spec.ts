import { describe, expect, it } from '@jest/globals';
import { validateDto } from '../validate.js';
import { formatMinor } from '../payments/amount.js';
import { feeToMinor, formatBps, isDomainName, normaliseDomain, percentToBps } from './marketplace-rules.js';
import { MARKETPLACE_MESSAGES, SetupMarketplaceDto } from './setup-marketplace.dto.js';

const valid = {
  companyName: 'Acme Prints',
  marketplaceDomain: 'shop.acme.com',
  contactEmail: 'hello@acme.com',
  adminEmail: 'admin@acme.com',
};

describe('marketplace rules', () => {
  it.each([
    ['https://Shop.Acme.COM/path?q=1#x', 'shop.acme.com'],
    ['  shop.acme.com.  ', 'shop.acme.com'],
    ['HTTP://acme.co.uk', 'acme.co.uk'],
    ['acme.com/', 'acme.com'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });

  it.each(['acme.com', 'shop.acme.com', 'my-shop.example.co.uk', 'xn--bcher-kva.example', 'a1.io'])('accepts the domain %s', (domain) => {
    expect(isDomainName(domain)).toBe(true);
  });

  it.each([
    'localhost',
    'acme',
    'acme.c',
    'acme.123',
    '-acme.com',
    'acme-.com',
    'ac me.com',
    'acme.com:8080',
    'user@acme.com',
    'a..com',
    `${'a'.repeat(64)}.com`,
    '',
  ])('refuses %j as a domain', (domain) => {
    expect(isDomainName(domain)).toBe(false);
  });

  it('reads a transaction fee as minor units: 0 allowed, two decimals at most, never through floats', () => {
    expect(feeToMinor('3.56')).toBe(356);
    expect(feeToMinor(3.56)).toBe(356);
    expect(feeToMinor('0')).toBe(0);
    expect(feeToMinor('0.1')).toBe(10);
    expect(feeToMinor('999.99')).toBe(99_999);
    expect(feeToMinor(0.29)).toBe(29);
    for (const bad of ['-1', '3.567', '1000', 'abc', '', ' ', '1e2', null, undefined, Number.NaN, Infinity, {}])
      expect(feeToMinor(bad)).toBeUndefined();
  });

  it('reads a platform fee as basis points from 0 to 100 percent', () => {
    expect(percentToBps('5')).toBe(500);
    expect(percentToBps(2.5)).toBe(250);
    expect(percentToBps('0')).toBe(0);
    expect(percentToBps('100')).toBe(10_000);
    expect(percentToBps('12.34')).toBe(1234);
    for (const bad of ['100.01', '101', '-5', '5.555', 'five', '', null]) expect(percentToBps(bad)).toBeUndefined();
  });

  it('formats minor units and basis points back to decimal text', () => {
    expect(formatMinor(356)).toBe('3.56');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatBps(500)).toBe('5');
    expect(formatBps(250)).toBe('2.5');
    expect(formatBps(1234)).toBe('12.34');
    expect(formatBps(5)).toBe('0.05');
  });
});

describe(SetupMarketplaceDto.name, () => {
  it('accepts the four required fields and normalises the domain and emails', () => {
    const result = validateDto(SetupMarketplaceDto, {
      ...valid,
      marketplaceDomain: 'https://Shop.Acme.com/store',
      contactEmail: ' Hello@Acme.com ',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.marketplaceDomain).toBe('shop.acme.com');
    expect(result.value.contactEmail).toBe('hello@acme.com');
  });

  it('names every missing required field with its own message', () => {
    const result = validateDto(SetupMarketplaceDto, {});
    expect(result).toEqual({
      ok: false,
      errors: {
        companyName: [MARKETPLACE_MESSAGES.COMPANY_NAME_REQUIRED],
        marketplaceDomain: [MARKETPLACE_MESSAGES.DOMAIN_REQUIRED],
        contactEmail: [MARKETPLACE_MESSAGES.CONTACT_EMAIL_INVALID],
        adminEmail: [MARKETPLACE_MESSAGES.ADMIN_EMAIL_INVALID],
      },
    });
  });

  it.each([
    [{ marketplaceDomain: 'not a domain' }, 'marketplaceDomain', MARKETPLACE_MESSAGES.DOMAIN_INVALID],
    [{ marketplaceDomain: 'https://' }, 'marketplaceDomain', MARKETPLACE_MESSAGES.DOMAIN_REQUIRED],
    [{ adminEmail: 'admin' }, 'adminEmail', MARKETPLACE_MESSAGES.ADMIN_EMAIL_INVALID],
    [{ companyName: '   ' }, 'companyName', MARKETPLACE_MESSAGES.COMPANY_NAME_REQUIRED],
    [{ customFees: 'yes' }, 'customFees', MARKETPLACE_MESSAGES.FLAG('Custom fees')],
    [{ customFees: true, transactionFee: '-1' }, 'transactionFee', MARKETPLACE_MESSAGES.TRANSACTION_FEE_INVALID],
    [{ customFees: true, transactionFee: '3.567' }, 'transactionFee', MARKETPLACE_MESSAGES.TRANSACTION_FEE_INVALID],
    [{ customFees: true, transactionFee: '' }, 'transactionFee', MARKETPLACE_MESSAGES.TRANSACTION_FEE_INVALID],
    [{ customFees: true, platformFee: '101' }, 'platformFee', MARKETPLACE_MESSAGES.PLATFORM_FEE_INVALID],
  ])('refuses %j naming %s', (patch, field, message) => {
    expect(validateDto(SetupMarketplaceDto, { ...valid, ...patch })).toEqual({ ok: false, errors: { [field]: [message] } });
  });

  it('checks the fee fields only when customFees is on', () => {
    expect(validateDto(SetupMarketplaceDto, { ...valid, customFees: false, transactionFee: '-1', platformFee: '500' }).ok).toBe(true);
    expect(validateDto(SetupMarketplaceDto, { ...valid, transactionFee: 'abc' }).ok).toBe(true);
    expect(validateDto(SetupMarketplaceDto, { ...valid, customFees: true, transactionFee: '0', platformFee: '100' }).ok).toBe(true);
    expect(validateDto(SetupMarketplaceDto, { ...valid, customFees: true }).ok).toBe(true);
  });

  it('refuses unknown fields', () => {
    expect(validateDto(SetupMarketplaceDto, { ...valid, plan: 'gold' })).toEqual({ ok: false, errors: { plan: ['Unknown field: plan'] } });
  });
});
