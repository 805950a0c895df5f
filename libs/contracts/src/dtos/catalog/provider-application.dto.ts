import { Transform } from 'class-transformer';
import { Equals, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { normalisedEmail, trimmed } from '../transforms.js';
import { PROVIDER_APPLICATION_MESSAGES, YEARS_IN_BUSINESS } from './provider-application-messages.js';
import { tooLong } from './register-seller.dto.js';

export { PROVIDER_APPLICATION_MESSAGES, YEARS_IN_BUSINESS } from './provider-application-messages.js';

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
