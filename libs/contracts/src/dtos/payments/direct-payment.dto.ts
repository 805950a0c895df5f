import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { normalisedEmail, trimmed } from '../transforms.js';
import { IsMoneyAmount } from './amount.js';
import { ORDER_ID_PATTERN, PAYMENT_CURRENCIES, type PaymentCurrency } from './create-order.dto.js';
import { PAYMENT_MESSAGES as M } from './payment-messages.js';

/** The Direct Payment form (spec §3, §5). */
export class DirectPaymentFormDto {
  @Transform(trimmed)
  @MaxLength(100, { message: M.SELLER_ACCOUNT_REQUIRED })
  @MinLength(1, { message: M.SELLER_ACCOUNT_REQUIRED })
  @IsString({ message: M.SELLER_ACCOUNT_REQUIRED })
  sellerStripeAccountId!: string;

  @IsMoneyAmount({ message: M.MIN_AMOUNT })
  amount!: number | string;

  @IsIn(PAYMENT_CURRENCIES, { message: M.CURRENCY })
  currency: PaymentCurrency = 'usd';

  @Transform(trimmed)
  @MaxLength(500, { message: 'Description must be at most 500 characters' })
  @IsNotEmpty({ message: M.DESCRIPTION_REQUIRED })
  @IsString({ message: M.DESCRIPTION_REQUIRED })
  description!: string;

  @Transform(normalisedEmail)
  @MaxLength(254, { message: M.VALID_EMAIL })
  @IsEmail({}, { message: M.VALID_EMAIL })
  buyerEmail!: string;

  @Transform(trimmed)
  @MaxLength(100, { message: 'Buyer name must be at most 100 characters' })
  @IsNotEmpty({ message: M.BUYER_NAME_REQUIRED })
  @IsString({ message: M.BUYER_NAME_REQUIRED })
  buyerName!: string;
}

/** POST /api/create-buyer-seller-payment: the form plus the client-generated order id ("order_" + timestamp). */
export class CreateDirectPaymentDto extends DirectPaymentFormDto {
  @Transform(trimmed)
  @Matches(ORDER_ID_PATTERN, { message: M.ORDER_ID_FORMAT })
  @IsNotEmpty({ message: M.ORDER_ID_REQUIRED })
  @IsString({ message: M.ORDER_ID_REQUIRED })
  orderId!: string;
}

/** Development-mode card entry (emulator or test key): a Stripe test card number; never accepted with a live key. */
export class TestCardPaymentDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value))
  @Matches(/^\d{12,19}$/, { message: 'Please enter a card number' })
  @IsString({ message: 'Please enter a card number' })
  cardNumber!: string;

  @IsOptional()
  @Matches(/^(0[1-9]|1[0-2])\/\d{2}$/, { message: 'Expiry must look like MM/YY' })
  expiry?: string;

  @IsOptional()
  @Matches(/^\d{3,4}$/, { message: 'CVC must be 3 or 4 digits' })
  cvc?: string;

  /**
   * The PaymentIntent's client secret, as Stripe.js presents it: a guest's payment has no account, so holding its
   * `pi_` id is not enough to confirm (or decline) it.
   */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  clientSecret?: string;
}

/** POST /api/admin/orders/:orderId/refunds — without an amount, everything still refundable. */
export class RefundOrderDto {
  // Absent means everything left; null is not "everything" (a refund must never widen by accident): it is refused.
  @ValidateIf((_object, value) => value !== undefined)
  @IsMoneyAmount({ message: M.INVALID_AMOUNT })
  amount?: number | string;

  @IsOptional()
  @MaxLength(500, { message: 'Reason must be at most 500 characters' })
  @IsString({ message: 'Reason must be text' })
  reason?: string;
}
