import { describe, expect, it } from '@jest/globals';
import { validateDto } from '../validate.js';
import { PROVIDER_APPLICATION_MESSAGES as PM, ProviderApplicationDto } from './provider-application.dto.js';
import { RegisterSellerDto, SELLER_REGISTRATION_MESSAGES as RM } from './register-seller.dto.js';
import { SELLER_CATEGORIES, SELLER_EDIT_CATEGORIES } from './seller-categories.js';
import { SELLER_EDIT_MESSAGES as EM, UpdateSellerDto } from './update-seller.dto.js';

const seller = {
  businessName: 'Harbour Print Works',
  sellerName: 'Maya Thompson',
  email: 'maya@example.com',
  phone: '9025550142',
  category: 'printing',
  description: 'Offset and digital printing studio. Business cards, flyers and brochures on recycled stock.',
  products: 'Business cards, flyers, brochures',
  pricing: 'From $29 per 250 cards',
  location: 'Halifax, NS',
  website: 'https://harbour.example.com',
};

const application = {
  businessName: 'Maple Ink Printing',
  contactName: 'Jean Roy',
  email: 'jean@mapleink.example.com',
  phone: '4165550100',
  businessAddress: '12 King Street West, Toronto, ON',
  website: '',
  yearsInBusiness: '3-5',
  serviceArea: 'Canada',
  printCapabilities: 'Offset, large-format and digital presses',
  turnaroundTime: '3-5 days',
  stripeConnectId: 'acct_1PMDemoMapleInk0002',
  portfolioDescription: 'Fifteen years of packaging, posters and books for publishers and galleries.',
  terms: true,
};

describe(RegisterSellerDto.name, () => {
  it('accepts a full profile, an empty website and a website without a scheme', () => {
    expect(validateDto(RegisterSellerDto, seller).ok).toBe(true);
    expect(validateDto(RegisterSellerDto, { ...seller, website: '' }).ok).toBe(true);
    expect(validateDto(RegisterSellerDto, { ...seller, website: 'harbour.example.com' }).ok).toBe(true);
    const { website: _omitted, ...withoutWebsite } = seller;
    expect(validateDto(RegisterSellerDto, withoutWebsite).ok).toBe(true);
  });

  it.each([
    ['businessName', 'A', RM.BUSINESS_NAME],
    ['sellerName', ' B ', RM.SELLER_NAME],
    ['email', 'not-an-email', RM.EMAIL],
    ['phone', '12345', RM.PHONE],
    ['category', '', RM.CATEGORY],
    ['category', 'weapons', RM.CATEGORY],
    ['description', 'Too short to describe anything.', RM.DESCRIPTION],
    ['products', 'Cards', RM.PRODUCTS],
    ['pricing', 'Cheap', RM.PRICING],
    ['location', 'X', RM.LOCATION],
    ['website', 'javascript:alert(1)', RM.WEBSITE],
    ['website', 'not a url', RM.WEBSITE],
  ])('%s = %j → "%s"', (field, value, message) => {
    const result = validateDto(RegisterSellerDto, { ...seller, [field]: value });
    expect(result).toEqual({ ok: false, errors: { [field]: [message] } });
  });
});

describe(UpdateSellerDto.name, () => {
  it('uses the looser edit rules: short texts and any website text pass', () => {
    const result = validateDto(UpdateSellerDto, {
      ...seller,
      description: 'Ten chars!',
      products: 'Cards',
      pricing: '$5 up',
      website: 'whatever',
    });
    expect(result.ok).toBe(true);
  });

  it.each([
    ['businessName', 'A', EM.BUSINESS_NAME],
    ['sellerName', 'B', EM.SELLER_NAME],
    ['email', 'nope', EM.EMAIL],
    ['phone', '123', EM.PHONE],
    ['category', '', EM.CATEGORY],
    ['description', 'short', EM.DESCRIPTION],
    ['products', 'abc', EM.PRODUCTS],
    ['pricing', 'abc', EM.PRICING],
    ['location', 'X', EM.LOCATION],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(validateDto(UpdateSellerDto, { ...seller, [field]: value })).toEqual({ ok: false, errors: { [field]: [message] } });
  });
});

describe('seller categories', () => {
  it('maps every edit-form option to a distinct registration category, covering all of them', () => {
    const mapped = SELLER_EDIT_CATEGORIES.map((c) => c.value).sort();
    expect(mapped).toEqual(SELLER_CATEGORIES.map((c) => c.value).sort());
  });
});

describe(ProviderApplicationDto.name, () => {
  it('accepts a complete application', () => {
    expect(validateDto(ProviderApplicationDto, application).ok).toBe(true);
  });

  it.each([
    ['businessName', 'A', PM.BUSINESS_NAME],
    ['contactName', 'B', PM.CONTACT_NAME],
    ['email', 'x', PM.EMAIL],
    ['phone', '1', PM.PHONE],
    ['businessAddress', 'short', PM.BUSINESS_ADDRESS],
    ['website', 'nope nope', PM.WEBSITE],
    ['yearsInBusiness', '', PM.YEARS_IN_BUSINESS],
    ['serviceArea', 'X', PM.SERVICE_AREA],
    ['printCapabilities', 'Offset', PM.PRINT_CAPABILITIES],
    ['turnaroundTime', '1d', PM.TURNAROUND_TIME],
    ['stripeConnectId', 'acct_1', PM.STRIPE_CONNECT_ID],
    ['portfolioDescription', 'Too short', PM.PORTFOLIO],
    ['terms', false, PM.TERMS],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(validateDto(ProviderApplicationDto, { ...application, [field]: value })).toEqual({ ok: false, errors: { [field]: [message] } });
  });
});
