import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { normalisedEmail, trimmed } from '../transforms.js';
import { SELLER_CATEGORY_VALUES } from './seller-categories.js';
import { SELLER_PAYOUT_ACCOUNT_PATTERN, SELLER_PAYOUT_MESSAGES } from './seller-payout.js';

/** Spec §5 "Seller registration" — the exact messages. */
export const SELLER_REGISTRATION_MESSAGES = {
  BUSINESS_NAME: 'Business name must be at least 2 characters',
  SELLER_NAME: 'Your name must be at least 2 characters',
  EMAIL: 'Please enter a valid email address',
  PHONE: 'Please enter a valid phone number',
  CATEGORY: 'Please select a category',
  DESCRIPTION: 'Please provide at least 50 characters description',
  PRODUCTS: 'Please describe your products/services',
  PRICING: 'Please provide pricing information',
  LOCATION: 'Please enter your location',
  WEBSITE: 'Please enter a valid website URL',
} as const;

/** Upper bounds the spec does not state; generous, only there so a profile cannot be megabytes of text. */
export const SELLER_LIMITS = {
  NAME: 120,
  EMAIL: 254,
  PHONE: 30,
  DESCRIPTION: 2000,
  PRODUCTS: 1000,
  PRICING: 500,
  LOCATION: 120,
  WEBSITE: 300,
} as const;

export const tooLong = (field: string, max: number): string => `${field} must be at most ${max} characters`;

const M = SELLER_REGISTRATION_MESSAGES;
const L = SELLER_LIMITS;

// Decorators run bottom-up and stop at a field's first failure: the most basic rule sits closest to the property.

/** POST /api/register-seller (spec §3 payload, §5 rules). */
export class RegisterSellerDto {
  @Transform(trimmed)
  @MaxLength(L.NAME, { message: tooLong('Business name', L.NAME) })
  @MinLength(2, { message: M.BUSINESS_NAME })
  @IsString({ message: M.BUSINESS_NAME })
  businessName!: string;

  @Transform(trimmed)
  @MaxLength(L.NAME, { message: tooLong('Your name', L.NAME) })
  @MinLength(2, { message: M.SELLER_NAME })
  @IsString({ message: M.SELLER_NAME })
  sellerName!: string;

  @Transform(normalisedEmail)
  @MaxLength(L.EMAIL, { message: M.EMAIL })
  @IsEmail({}, { message: M.EMAIL })
  email!: string;

  @Transform(trimmed)
  @MaxLength(L.PHONE, { message: tooLong('Phone number', L.PHONE) })
  @MinLength(10, { message: M.PHONE })
  @IsString({ message: M.PHONE })
  phone!: string;

  @IsIn(SELLER_CATEGORY_VALUES, { message: M.CATEGORY })
  @IsNotEmpty({ message: M.CATEGORY })
  category!: string;

  @Transform(trimmed)
  @MaxLength(L.DESCRIPTION, { message: tooLong('Description', L.DESCRIPTION) })
  @MinLength(50, { message: M.DESCRIPTION })
  @IsString({ message: M.DESCRIPTION })
  description!: string;

  @Transform(trimmed)
  @MaxLength(L.PRODUCTS, { message: tooLong('Products & services', L.PRODUCTS) })
  @MinLength(20, { message: M.PRODUCTS })
  @IsString({ message: M.PRODUCTS })
  products!: string;

  @Transform(trimmed)
  @MaxLength(L.PRICING, { message: tooLong('Pricing', L.PRICING) })
  @MinLength(10, { message: M.PRICING })
  @IsString({ message: M.PRICING })
  pricing!: string;

  @Transform(trimmed)
  @MaxLength(L.LOCATION, { message: tooLong('Location', L.LOCATION) })
  @MinLength(2, { message: M.LOCATION })
  @IsString({ message: M.LOCATION })
  location!: string;

  /** Optional: a valid http(s) URL (the scheme may be left out) or empty. */
  @IsOptional()
  @Transform(trimmed)
  @ValidateIf((_o, value) => value !== '')
  @MaxLength(L.WEBSITE, { message: M.WEBSITE })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: false }, { message: M.WEBSITE })
  @IsString({ message: M.WEBSITE })
  website?: string;

  /** Optional payout account (ADR 0030): a Stripe Connect account id that payments validates; empty or absent means none. */
  @IsOptional()
  @Transform(trimmed)
  @ValidateIf((_o, value) => value !== '')
  @Matches(SELLER_PAYOUT_ACCOUNT_PATTERN, { message: SELLER_PAYOUT_MESSAGES.FORMAT })
  @IsString({ message: SELLER_PAYOUT_MESSAGES.FORMAT })
  stripeAccountId?: string;
}
