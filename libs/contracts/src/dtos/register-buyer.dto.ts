import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { trimmed, normalisedEmail } from './transforms.js';

export const BUYER_MESSAGES = {
  NAME_REQUIRED: 'Name is required',
  NAME_TOO_LONG: 'Name must be at most 100 characters',
  EMAIL_INVALID: 'Please enter a valid email address',
  TEXT_TOO_LONG: (field: string, max: number) => `${field} must be at most ${max} characters`,
} as const;

// Decorators run bottom-up and validation stops at a field's first failure, so the most basic rule of each field
// (present, text) sits closest to the property and its message is the one shown.

/** POST /api/register-buyer (spec §3, §5: name and email required, the rest optional free text). */
export class RegisterBuyerDto {
  @Transform(trimmed)
  @MaxLength(100, { message: BUYER_MESSAGES.NAME_TOO_LONG })
  @IsNotEmpty({ message: BUYER_MESSAGES.NAME_REQUIRED })
  @IsString({ message: BUYER_MESSAGES.NAME_REQUIRED })
  name!: string;

  @Transform(normalisedEmail)
  @MaxLength(254, { message: BUYER_MESSAGES.EMAIL_INVALID })
  @IsEmail({}, { message: BUYER_MESSAGES.EMAIL_INVALID })
  email!: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: BUYER_MESSAGES.TEXT_TOO_LONG('Company', 200) })
  @IsString({ message: 'Company must be text' })
  company?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: BUYER_MESSAGES.TEXT_TOO_LONG('Business type', 100) })
  @IsString({ message: 'Business type must be text' })
  businessType?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: BUYER_MESSAGES.TEXT_TOO_LONG('Expected volume', 100) })
  @IsString({ message: 'Expected volume must be text' })
  expectedVolume?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(2000, { message: BUYER_MESSAGES.TEXT_TOO_LONG('Requirements', 2000) })
  @IsString({ message: 'Requirements must be text' })
  requirements?: string;
}
