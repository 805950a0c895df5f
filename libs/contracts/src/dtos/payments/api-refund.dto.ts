import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { queryInteger, trimmed } from '../transforms.js';
import { API_ORDER_MESSAGES, API_ORDERS_MAX_LIMIT } from './api-order.dto.js';
import { MAX_AMOUNT_MINOR } from './payment-messages.js';
import type { PaymentCurrency } from './create-order.dto.js';

/** Refunds through the integrator API (ADR 0038). */
export const REFUND_MESSAGES = {
  ORDER: "order must be an order's id (the `id` that POST /api/v1/orders answered)",
  AMOUNT: 'amount must be a whole number of minor units (cents), at least 1',
  REASON: 'reason must be text of at most 200 characters',
  ORDER_NOT_FOUND: 'Order not found.',
  REFUND_NOT_FOUND: 'Refund not found.',
  FULLY_REFUNDED: 'The order is already fully refunded.',
  IN_PROGRESS: 'Another refund of this order was in progress and has now completed. Check what is left to refund and try again.',
  /** Refunds need a key (ADR 0049): a refund repeated without one after a timeout would be made twice. */
  KEY_REQUIRED:
    'Idempotency-Key is required for refunds: send a new key for each refund and the same key when you retry it, so a retry never refunds twice.',
  /** The amount is over what is left: names how much is. */
  TOO_LARGE: (leftMinor: bigint | number, left: string, currency: string) =>
    `amount must be at most ${leftMinor} (${left} ${currency.toUpperCase()}), the amount left to refund`,
} as const;

/** POST /api/v1/refunds: all (no amount) or part of a paid order, in minor units. */
export class CreateRefundDto {
  @IsUUID('all', { message: REFUND_MESSAGES.ORDER })
  @IsString({ message: REFUND_MESSAGES.ORDER })
  order!: string;

  // Absent means everything left; null is refused rather than read as "everything".
  @ValidateIf((_object, value) => value !== undefined)
  @Max(MAX_AMOUNT_MINOR * 2, { message: REFUND_MESSAGES.AMOUNT })
  @Min(1, { message: REFUND_MESSAGES.AMOUNT })
  @IsInt({ message: REFUND_MESSAGES.AMOUNT })
  amount?: number;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: REFUND_MESSAGES.REASON })
  @IsString({ message: REFUND_MESSAGES.REASON })
  reason?: string;
}

/** GET /api/v1/refunds?order=&limit=&cursor= */
export class ListRefundsDto {
  @IsOptional()
  @IsUUID('all', { message: REFUND_MESSAGES.ORDER })
  @IsString({ message: REFUND_MESSAGES.ORDER })
  order?: string;

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
}

/** A refund as the integrator API shows it; money in minor units. */
export interface RefundView {
  id: string;
  /** The order's PayMarket id. */
  orderId: string;
  /** Refunded to the buyer, in minor units (cents). */
  amount: number;
  currency: PaymentCurrency;
  /** pending while the transfers are reversed and the card refunded; succeeded when done. */
  status: 'pending' | 'succeeded';
  reason: string | null;
  createdAt: string;
}

export interface RefundList {
  data: RefundView[];
  nextCursor: string | null;
}
