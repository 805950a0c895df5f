import { Transform } from 'class-transformer';
import { Equals, IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ACCOUNT_DELETION_MESSAGES, DELETION_CONFIRMATION_WORD } from './account-deletion-messages.js';
import { normalisedEmail, trimmed } from './transforms.js';

export { ACCOUNT_DELETION_MESSAGES, DELETION_CONFIRMATION_WORD, DELETION_LINK_TTL_MS } from './account-deletion-messages.js';

/** POST /api/account-deletion-requests (spec §3 deletion form: email, reason optional, confirmation text). */
export class RequestAccountDeletionDto {
  @Transform(normalisedEmail)
  @MaxLength(254, { message: ACCOUNT_DELETION_MESSAGES.EMAIL_INVALID })
  @IsEmail({}, { message: ACCOUNT_DELETION_MESSAGES.EMAIL_INVALID })
  @IsNotEmpty({ message: ACCOUNT_DELETION_MESSAGES.EMAIL_HINT })
  @IsString({ message: ACCOUNT_DELETION_MESSAGES.EMAIL_HINT })
  email!: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(1000, { message: ACCOUNT_DELETION_MESSAGES.REASON_TOO_LONG })
  @IsString({ message: 'Reason must be text' })
  reason?: string;

  // Not trimmed or case-folded: the spec asks for exactly DELETE.
  @Equals(DELETION_CONFIRMATION_WORD, { message: ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT })
  @IsString({ message: ACCOUNT_DELETION_MESSAGES.CONFIRMATION_HINT })
  confirmation!: string;
}

/** POST /api/account-deletion-requests/confirm: the token from the emailed link (256 bits, base64url). */
export class ConfirmAccountDeletionDto {
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: ACCOUNT_DELETION_MESSAGES.LINK_INVALID })
  @IsString({ message: ACCOUNT_DELETION_MESSAGES.LINK_INVALID })
  token!: string;
}

/** 202 answer of POST /api/account-deletion-requests: identical for known and unknown emails. */
export interface AccountDeletionRequested {
  message: string;
}

/** 200 answer of POST /api/account-deletion-requests/confirm. */
export interface AccountDeletionConfirmed {
  message: string;
  deletedAt: string;
}
