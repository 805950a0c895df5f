import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { normalisedEmail, trimmed } from '../transforms.js';

/** POST /api/sellers/:id/edit-link — a seller who lost the edit token asks for a link by email. */
export class RequestSellerEditLinkDto {
  @Transform(normalisedEmail)
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;
}

/** POST /api/sellers/:id/recover — exchanges the emailed one-time link for a new edit token. */
export class RecoverSellerTokenDto {
  @Transform(trimmed)
  @MaxLength(200, { message: 'The recovery token is invalid' })
  @IsNotEmpty({ message: 'The recovery token is required' })
  @IsString({ message: 'The recovery token is required' })
  recoveryToken!: string;
}

export const SELLER_EDIT_LINK_MESSAGES = {
  SENT: "If that email matches this seller's profile, we've sent a link to edit it. The link works once, for 30 minutes.",
  INVALID_LINK: 'This edit link is invalid or has expired. Request a new one.',
} as const;
