import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { trimmed } from '../transforms.js';

export const STRIPE_ACCOUNT_MESSAGES = {
  REQUIRED: 'Stripe account ID is required',
  /** Spec §8: what the page shows when the validation call itself fails. */
  CALL_FAILED: 'Unable to validate account. Please try again.',
} as const;

/** Spec §9: automatic validation starts once the id has this prefix and at least this many characters. */
export const STRIPE_ACCOUNT_PREFIX = 'acct_';
export const STRIPE_ACCOUNT_MIN_LENGTH = 20;

/** POST /api/validate-stripe-account. */
export class ValidateStripeAccountDto {
  @Transform(trimmed)
  @MaxLength(255, { message: 'Stripe account ID must be at most 255 characters' })
  @IsNotEmpty({ message: STRIPE_ACCOUNT_MESSAGES.REQUIRED })
  @IsString({ message: STRIPE_ACCOUNT_MESSAGES.REQUIRED })
  stripeAccountId!: string;
}

/** The browser's answer shape (spec §3 "Connected-account validation"). */
export interface ValidateStripeAccountResponse {
  valid: boolean;
  message: string;
  error: string | null;
  accountInfo: { businessName: string | null; country: string } | null;
}
