import { Transform } from 'class-transformer';
import { Equals, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { normalisedEmail, trimmed } from '../transforms.js';
import { tooLong } from './register-seller.dto.js';

export const YEARS_IN_BUSINESS = [
  { value: 'less-than-1', label: 'Less than 1 year' },
  { value: '1-2', label: '1-2 years' },
  { value: '3-5', label: '3-5 years' },
  { value: '6-10', label: '6-10 years' },
  { value: 'more-than-10', label: 'More than 10 years' },
] as const;

/** Spec §5 "Provider application"; where the spec names a rule without a message, the message says the rule. */
export const PROVIDER_APPLICATION_MESSAGES = {
  BUSINESS_NAME: 'Business name must be at least 2 characters',
  CONTACT_NAME: 'Contact name must be at least 2 characters',
  EMAIL: 'Please enter a valid email address',
  PHONE: 'Please enter a valid phone number',
  BUSINESS_ADDRESS: 'Please enter your complete business address',
  WEBSITE: 'Please enter a valid website URL',
  YEARS_IN_BUSINESS: 'Please select years in business',
  SERVICE_AREA: 'Service area must be at least 2 characters',
  PRINT_CAPABILITIES: 'Please describe your print capabilities (at least 20 characters)',
  TURNAROUND_TIME: 'Turnaround time must be at least 5 characters',
  STRIPE_CONNECT_ID: 'Please enter your Stripe Connect Account ID',
  PORTFOLIO: 'Please describe your portfolio (at least 50 characters)',
  TERMS: 'You must agree to the terms and conditions',
  /** Shown when the connected account did not validate (spec §5). */
  INVALID_STRIPE_ACCOUNT: 'Invalid Stripe Account: Please provide a valid Stripe Connect Account ID before submitting.',
} as const;

const M = PROVIDER_APPLICATION_MESSAGES;

/** POST /api/provider-applications (spec §3 fields, §5 rules). */
export class ProviderApplicationDto {
  @Transform(trimmed)
  @MaxLength(120, { message: tooLong('Business name', 120) })
  @MinLength(2, { message: M.BUSINESS_NAME })
  @IsString({ message: M.BUSINESS_NAME })
  businessName!: string;

  @Transform(trimmed)
  @MaxLength(120, { message: tooLong('Contact name', 120) })
  @MinLength(2, { message: M.CONTACT_NAME })
  @IsString({ message: M.CONTACT_NAME })
  contactName!: string;

  @Transform(normalisedEmail)
  @MaxLength(254, { message: M.EMAIL })
  @IsEmail({}, { message: M.EMAIL })
  email!: string;

  @Transform(trimmed)
  @MaxLength(30, { message: tooLong('Phone number', 30) })
  @MinLength(10, { message: M.PHONE })
  @IsString({ message: M.PHONE })
  phone!: string;

  @Transform(trimmed)
  @MaxLength(300, { message: tooLong('Business address', 300) })
  @MinLength(10, { message: M.BUSINESS_ADDRESS })
  @IsString({ message: M.BUSINESS_ADDRESS })
  businessAddress!: string;

  @IsOptional()
  @Transform(trimmed)
  @ValidateIf((_o, value) => value !== '')
  @MaxLength(300, { message: M.WEBSITE })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: false }, { message: M.WEBSITE })
  @IsString({ message: M.WEBSITE })
  website?: string;

  @IsIn(YEARS_IN_BUSINESS.map((y) => y.value), { message: M.YEARS_IN_BUSINESS })
  @IsNotEmpty({ message: M.YEARS_IN_BUSINESS })
  yearsInBusiness!: string;

  @Transform(trimmed)
  @MaxLength(200, { message: tooLong('Service area', 200) })
  @MinLength(2, { message: M.SERVICE_AREA })
  @IsString({ message: M.SERVICE_AREA })
  serviceArea!: string;

  @Transform(trimmed)
  @MaxLength(2000, { message: tooLong('Print capabilities', 2000) })
  @MinLength(20, { message: M.PRINT_CAPABILITIES })
  @IsString({ message: M.PRINT_CAPABILITIES })
  printCapabilities!: string;

  @Transform(trimmed)
  @MaxLength(200, { message: tooLong('Turnaround time', 200) })
  @MinLength(5, { message: M.TURNAROUND_TIME })
  @IsString({ message: M.TURNAROUND_TIME })
  turnaroundTime!: string;

  @Transform(trimmed)
  @MaxLength(255, { message: M.STRIPE_CONNECT_ID })
  @MinLength(10, { message: M.STRIPE_CONNECT_ID })
  @IsString({ message: M.STRIPE_CONNECT_ID })
  stripeConnectId!: string;

  @Transform(trimmed)
  @MaxLength(3000, { message: tooLong('Portfolio description', 3000) })
  @MinLength(50, { message: M.PORTFOLIO })
  @IsString({ message: M.PORTFOLIO })
  portfolioDescription!: string;

  @Equals(true, { message: M.TERMS })
  terms!: boolean;
}

export const PROVIDER_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProviderApplicationStatus = (typeof PROVIDER_APPLICATION_STATUSES)[number];

/** POST /api/admin/provider-applications/:id/approve|reject. */
export class ProviderApplicationDecisionDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(1000, { message: tooLong('Note', 1000) })
  @IsString({ message: 'Note must be text' })
  note?: string;
}
