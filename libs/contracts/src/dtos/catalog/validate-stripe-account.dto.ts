import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { trimmed } from '../transforms.js';
import { STRIPE_ACCOUNT_MESSAGES } from './stripe-account.js';

export { STRIPE_ACCOUNT_MESSAGES, STRIPE_ACCOUNT_MIN_LENGTH, STRIPE_ACCOUNT_PREFIX } from './stripe-account.js';

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
