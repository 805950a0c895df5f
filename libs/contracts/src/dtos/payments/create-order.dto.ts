import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { trimmed } from '../transforms.js';
import { IsMoneyAmount } from './amount.js';
import { PAYMENT_MESSAGES as M } from './payment-messages.js';

export const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
import { PAYMENT_CURRENCIES, type PaymentCurrency } from './currencies.js';

export { PAYMENT_CURRENCIES, type PaymentCurrency } from './currencies.js';

/**
 * The recipient chosen on /payment: a print provider's connected account id (`acct_…`) or `seller_<sellerId>`
 * (spec §2); the server resolves either to a connected account and refuses one that cannot receive transfers.
 */
export const RECIPIENT_PATTERN = /^(acct_[A-Za-z0-9]{6,60}|seller_[0-9a-f-]{36})$/;

// Decorators run bottom-up and stop at a field's first failure: the basic rule sits closest to the property.

/** POST /api/orders (spec §3 "Order creation payload"). */
export class CreateOrderDto {
  @Transform(trimmed)
  @Matches(ORDER_ID_PATTERN, { message: M.ORDER_ID_FORMAT })
  @IsNotEmpty({ message: M.ORDER_ID_REQUIRED })
  @IsString({ message: M.ORDER_ID_REQUIRED })
  orderId!: string;

  @IsMoneyAmount({ message: M.INVALID_AMOUNT })
  amount!: number | string;

  @IsOptional()
  @IsIn(PAYMENT_CURRENCIES, { message: M.CURRENCY })
  currency?: PaymentCurrency;

  @IsOptional()
  @MaxLength(500, { message: 'Description must be at most 500 characters' })
  @IsString({ message: 'Description must be text' })
  description?: string;

  @Matches(RECIPIENT_PATTERN, { message: M.PROVIDER_REQUIRED })
  @IsString({ message: M.PROVIDER_REQUIRED })
  printProviderStripeAccountId!: string;
}

/** POST /api/create-payment-intent (spec §3 "Payment intent request"). */
export class CreatePaymentIntentDto {
  @Transform(trimmed)
  @Matches(ORDER_ID_PATTERN, { message: M.ORDER_ID_FORMAT })
  @IsNotEmpty({ message: M.ORDER_ID_REQUIRED })
  @IsString({ message: M.ORDER_ID_REQUIRED })
  orderId!: string;

  @IsMoneyAmount({ message: M.INVALID_AMOUNT })
  amount!: number | string;

  @IsIn(PAYMENT_CURRENCIES, { message: M.CURRENCY })
  currency!: PaymentCurrency;

  @Matches(RECIPIENT_PATTERN, { message: M.PROVIDER_REQUIRED })
  @IsString({ message: M.PROVIDER_REQUIRED })
  printProviderStripeAccountId!: string;
}

/**
 * The /payment form (spec §5): the payment intent's rules, and the amount required before it is parsed, so the form
 * tells a missing field ("Missing Information") from an invalid amount ("Invalid Amount") by the contract's messages
 * alone: CreatePaymentIntentDto's rules (inherited, so they exist once) and the amount required. The server validates
 * the body it receives with CreatePaymentIntentDto.
 */
export class PaymentFormDto extends CreatePaymentIntentDto {
  // class-validator drops an inherited custom rule when the subclass declares one on the same property, so the money
  // rule is stated again here, under the required one (checked first; one message per field).
  @IsMoneyAmount({ message: M.INVALID_AMOUNT })
  @IsNotEmpty({ message: M.AMOUNT_REQUIRED })
  override amount!: number | string;
}

/** The contract's messages that mean a field of the /payment form was left empty: the spec's "Missing Information". */
export const PAYMENT_FORM_MISSING: readonly string[] = [M.ORDER_ID_REQUIRED, M.AMOUNT_REQUIRED, M.PROVIDER_REQUIRED];

/** POST /api/payments (spec §3 "Payment status update"): the client's claim, which the server checks with Stripe. */
export class PaymentStatusDto {
  @Transform(trimmed)
  @Matches(ORDER_ID_PATTERN, { message: M.ORDER_ID_FORMAT })
  @IsNotEmpty({ message: M.ORDER_ID_REQUIRED })
  @IsString({ message: M.ORDER_ID_REQUIRED })
  orderId!: string;

  @IsIn(['completed'], { message: 'status must be "completed"' })
  status!: 'completed';
}
