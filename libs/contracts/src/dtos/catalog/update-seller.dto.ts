import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { normalisedEmail, trimmed } from '../transforms.js';
import { SELLER_LIMITS, tooLong } from './register-seller.dto.js';
import { SELLER_CATEGORY_VALUES } from './seller-categories.js';
import { SELLER_PAYOUT_ACCOUNT_PATTERN, SELLER_PAYOUT_MESSAGES } from './seller-payout.js';

/** Spec §5 "Seller edit" — the looser rules of the edit form, with their exact messages. */
export const SELLER_EDIT_MESSAGES = {
  BUSINESS_NAME: 'Business name must be at least 2 characters',
  SELLER_NAME: 'Seller name must be at least 2 characters',
  EMAIL: 'Invalid email address',
  PHONE: 'Phone number must be at least 10 characters',
  CATEGORY: 'Please select a category',
  DESCRIPTION: 'Description must be at least 10 characters',
  PRODUCTS: 'Products description must be at least 5 characters',
  PRICING: 'Pricing information must be at least 5 characters',
  LOCATION: 'Location must be at least 2 characters',
  WEBSITE: 'Website must be text',
} as const;

const M = SELLER_EDIT_MESSAGES;
const L = SELLER_LIMITS;

/** PUT /api/sellers/:id — the whole profile, as the edit form sends it. */
export class UpdateSellerDto {
  @Transform(trimmed)
  @MaxLength(L.NAME, { message: tooLong('Business name', L.NAME) })
  @MinLength(2, { message: M.BUSINESS_NAME })
  @IsString({ message: M.BUSINESS_NAME })
  businessName!: string;

  @Transform(trimmed)
  @MaxLength(L.NAME, { message: tooLong('Seller name', L.NAME) })
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
  @MinLength(10, { message: M.DESCRIPTION })
  @IsString({ message: M.DESCRIPTION })
  description!: string;

  @Transform(trimmed)
  @MaxLength(L.PRODUCTS, { message: tooLong('Products description', L.PRODUCTS) })
  @MinLength(5, { message: M.PRODUCTS })
  @IsString({ message: M.PRODUCTS })
  products!: string;

  @Transform(trimmed)
  @MaxLength(L.PRICING, { message: tooLong('Pricing information', L.PRICING) })
  @MinLength(5, { message: M.PRICING })
  @IsString({ message: M.PRICING })
  pricing!: string;

  @Transform(trimmed)
  @MaxLength(L.LOCATION, { message: tooLong('Location', L.LOCATION) })
  @MinLength(2, { message: M.LOCATION })
  @IsString({ message: M.LOCATION })
  location!: string;

  /** Optional free text; the spec's edit form does no URL check (links are made safe where they are rendered). */
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(L.WEBSITE, { message: tooLong('Website', L.WEBSITE) })
  @IsString({ message: M.WEBSITE })
  website?: string;

  /** Optional payout account (ADR 0030): absent keeps the current account, empty removes it, an acct_… id (validated by payments) replaces it. */
  @IsOptional()
  @Transform(trimmed)
  @ValidateIf((_o, value) => value !== '')
  @Matches(SELLER_PAYOUT_ACCOUNT_PATTERN, { message: SELLER_PAYOUT_MESSAGES.FORMAT })
  @IsString({ message: SELLER_PAYOUT_MESSAGES.FORMAT })
  stripeAccountId?: string;
}
