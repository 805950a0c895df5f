import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { Satisfies } from '../satisfies.js';
import { normalisedEmail, queryInteger, trimmed } from '../transforms.js';
import { amountToMinor, IsMoneyAmount } from './amount.js';
import { ORDER_ID_PATTERN, PAYMENT_CURRENCIES, RECIPIENT_PATTERN, type PaymentCurrency } from './create-order.dto.js';
import { PAYMENT_MESSAGES as M } from './payment-messages.js';

/** The integrator API's own messages (ADR 0032); the other fields reuse the payment pages' texts. */
export const API_ORDER_MESSAGES = {
  RECIPIENT: 'recipient must be a print provider’s Stripe account (acct_…) or seller_<id>',
  LIMIT: 'limit must be a whole number from 1 to 100',
  CURSOR: 'cursor must be the nextCursor of a previous page',
  ORDER_ID_FILTER: 'orderId must be 1-64 letters, digits, _ or -',
  PRINT_PROVIDER: 'printProvider must be a print provider’s Stripe account (acct_…)',
  PROVIDER_PAIR: 'printProvider and providerCost go together, on an order whose recipient is a seller (seller_<id>)',
  PROVIDER_COST: 'providerCost must be an amount no larger than the order’s amount',
} as const;

const PROVIDER_ACCOUNT = /^acct_[A-Za-z0-9]{6,60}$/;
type ProviderFields = { recipient?: unknown; amount?: unknown; printProvider?: unknown; providerCost?: unknown };
const namesProvider = (o: ProviderFields): boolean => o.printProvider !== undefined || o.providerCost !== undefined;
const pairOk = (o: ProviderFields): boolean =>
  o.printProvider !== undefined && o.providerCost !== undefined && typeof o.recipient === 'string' && o.recipient.startsWith('seller_');

/**
 * A seller's order may name the print provider that produces it and its cost inside the amount (ADR 0051): the
 * provider receives its cost, the seller the rest (less a marketplace's share, taken from both pro rata). Rules are
 * registered in the order they are checked; validation stops at a field's first failure.
 */
export function PrintProviderRules(): PropertyDecorator {
  return (target, key) => {
    Satisfies((_v, o: ProviderFields) => pairOk(o), 'providerPair', { message: API_ORDER_MESSAGES.PROVIDER_PAIR })(target, key);
    IsString({ message: API_ORDER_MESSAGES.PRINT_PROVIDER })(target, key);
    Matches(PROVIDER_ACCOUNT, { message: API_ORDER_MESSAGES.PRINT_PROVIDER })(target, key);
    ValidateIf(namesProvider)(target, key);
  };
}

export function ProviderCostRules(): PropertyDecorator {
  return (target, key) => {
    Satisfies((_v, o: ProviderFields) => pairOk(o), 'providerPair', { message: API_ORDER_MESSAGES.PROVIDER_PAIR })(target, key);
    Satisfies(
      (v, o: ProviderFields) => {
        const cost = amountToMinor(v);
        const amount = amountToMinor(o.amount);
        return cost !== undefined && (amount === undefined || cost <= amount);
      },
      'providerCostWithinAmount',
      { message: API_ORDER_MESSAGES.PROVIDER_COST },
    )(target, key);
    ValidateIf(namesProvider)(target, key);
  };
}

/** Largest page of GET /api/v1/orders. */
export const API_ORDERS_MAX_LIMIT = 100;
export const API_ORDERS_DEFAULT_LIMIT = 20;

/** POST /api/v1/orders: an integrator company's order (no buyer session; the buyer's details are for receipts). */
export class ApiCreateOrderDto {
  @Transform(trimmed)
  @Matches(ORDER_ID_PATTERN, { message: M.ORDER_ID_FORMAT })
  @IsNotEmpty({ message: M.ORDER_ID_REQUIRED })
  @IsString({ message: M.ORDER_ID_REQUIRED })
  orderId!: string;

  @IsMoneyAmount({ message: M.INVALID_AMOUNT })
  amount!: number | string;

  @IsIn(PAYMENT_CURRENCIES, { message: M.CURRENCY })
  currency!: PaymentCurrency;

  @Transform(trimmed)
  @Matches(RECIPIENT_PATTERN, { message: API_ORDER_MESSAGES.RECIPIENT })
  @IsString({ message: API_ORDER_MESSAGES.RECIPIENT })
  recipient!: string;

  @IsOptional()
  @MaxLength(500, { message: 'Description must be at most 500 characters' })
  @IsString({ message: 'Description must be text' })
  description?: string;

  @IsOptional()
  @Transform(normalisedEmail)
  @MaxLength(254, { message: M.VALID_EMAIL })
  @IsEmail({}, { message: M.VALID_EMAIL })
  buyerEmail?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: 'Buyer name must be at most 100 characters' })
  @IsString({ message: 'Buyer name must be text' })
  buyerName?: string;

  /** A seller's order only: the print provider (acct_…) that produces it, paid `providerCost` of the amount. */
  @PrintProviderRules()
  printProvider?: string;

  /** With printProvider: the provider's cost inside the amount, decimal text such as "46.44". */
  @ProviderCostRules()
  providerCost?: number | string;
}

/** GET /api/v1/orders?limit=&cursor=&orderId= */
export class ApiListOrdersDto {
  @IsOptional()
  @Transform(queryInteger)
  @Max(API_ORDERS_MAX_LIMIT, { message: API_ORDER_MESSAGES.LIMIT })
  @Min(1, { message: API_ORDER_MESSAGES.LIMIT })
  @IsInt({ message: API_ORDER_MESSAGES.LIMIT })
  limit?: number;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: API_ORDER_MESSAGES.CURSOR })
  @IsString({ message: API_ORDER_MESSAGES.CURSOR })
  cursor?: string;

  /** The integrator's own reference: finds the order created with it (paths take the order's `id`). */
  @IsOptional()
  @Matches(ORDER_ID_PATTERN, { message: API_ORDER_MESSAGES.ORDER_ID_FILTER })
  @IsString({ message: API_ORDER_MESSAGES.ORDER_ID_FILTER })
  orderId?: string;
}
