import { Transform } from 'class-transformer';
import {
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  registerDecorator,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { trimmed } from '../transforms.js';
import { amountToMinor, IsMoneyAmount } from '../payments/amount.js';
import { PAYMENT_CURRENCIES, type PaymentCurrency } from '../payments/create-order.dto.js';
import { PAYMENT_MESSAGES } from '../payments/payment-messages.js';

/** The quote form's messages (ADR 0045); the amount and currency reuse /payment's. */
export const QUOTE_MESSAGES = {
  AMOUNT: PAYMENT_MESSAGES.INVALID_AMOUNT,
  CURRENCY: PAYMENT_MESSAGES.CURRENCY,
  INCLUDED: 'Please describe what is included (at least 10 characters)',
  INCLUDED_MAX: 'What is included must be at most 2000 characters',
  DELIVERY_DATE: 'Delivery date must be a date (YYYY-MM-DD) from today on',
  PROVIDER: 'Print provider must be a Stripe Connect account id (acct_…)',
  PROVIDER_AMOUNT: "The print provider's share must be an amount below the quoted price",
  PROVIDER_AMOUNT_WITHOUT_PROVIDER: 'Choose the print provider who receives this share',
  REASON: 'Reason must be at most 500 characters',
  MESSAGE: 'Please write a message of at most 1000 characters',
} as const;

export const PROVIDER_ACCOUNT_PATTERN = /^acct_[A-Za-z0-9]{6,60}$/;

/** YYYY-MM-DD, a real calendar day, not before today (UTC). */
export function isDeliveryDate(value: unknown, today = new Date()): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false;
  return value >= today.toISOString().slice(0, 10);
}

function IsDeliveryDate(options: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isDeliveryDate',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: { validate: (value: unknown) => isDeliveryDate(value) },
    });
}

// The provider's share is part of the price: positive and strictly below it, so the seller keeps something.
function IsProviderShare(options: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isProviderShare',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const share = amountToMinor(value);
          const price = amountToMinor((args?.object as { amount?: unknown } | undefined)?.amount);
          return share !== undefined && (price === undefined || share < price);
        },
      },
    });
}

function RequiresProvider(options: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'requiresProvider',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (_value: unknown, args?: ValidationArguments) =>
          typeof (args?.object as { printProviderStripeAccountId?: unknown } | undefined)?.printProviderStripeAccountId === 'string',
      },
    });
}

// Decorators run bottom-up and stop at a field's first failure: the basic rule sits closest to the property.

/**
 * POST /api/buyer-requests/{id}/quotes: a seller's offer. Amounts are decimal texts or numbers validated to the cent
 * exactly as on /payment (at most two decimals, 0.01 to 999,999.99) and stored in minor units.
 */
export class SendQuoteDto {
  @IsMoneyAmount({ message: QUOTE_MESSAGES.AMOUNT })
  amount!: number | string;

  @IsIn(PAYMENT_CURRENCIES, { message: QUOTE_MESSAGES.CURRENCY })
  currency!: PaymentCurrency;

  @Transform(trimmed)
  @MaxLength(2000, { message: QUOTE_MESSAGES.INCLUDED_MAX })
  @MinLength(10, { message: QUOTE_MESSAGES.INCLUDED })
  @IsString({ message: QUOTE_MESSAGES.INCLUDED })
  included!: string;

  @IsDeliveryDate({ message: QUOTE_MESSAGES.DELIVERY_DATE })
  deliveryDate!: string;

  @IsOptional()
  @Transform(trimmed)
  @Matches(PROVIDER_ACCOUNT_PATTERN, { message: QUOTE_MESSAGES.PROVIDER })
  @IsString({ message: QUOTE_MESSAGES.PROVIDER })
  printProviderStripeAccountId?: string;

  /** The print provider's share of `amount`; required with a provider, refused without one. */
  @IsOptional()
  @IsProviderShare({ message: QUOTE_MESSAGES.PROVIDER_AMOUNT })
  @RequiresProvider({ message: QUOTE_MESSAGES.PROVIDER_AMOUNT_WITHOUT_PROVIDER })
  providerAmount?: number | string;
}

/** POST …/quotes/{quoteId}/decline */
export class DeclineQuoteDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(500, { message: QUOTE_MESSAGES.REASON })
  @IsString({ message: QUOTE_MESSAGES.REASON })
  reason?: string;
}

/** POST …/quotes/{quoteId}/questions (the buyer) and …/answers (the seller). */
export class QuoteMessageDto {
  @Transform(trimmed)
  @MaxLength(1000, { message: QUOTE_MESSAGES.MESSAGE })
  @MinLength(1, { message: QUOTE_MESSAGES.MESSAGE })
  @IsString({ message: QUOTE_MESSAGES.MESSAGE })
  message!: string;
}

export interface QuoteMessage {
  author: 'buyer' | 'seller';
  message: string;
  createdAt: string;
}

export const QUOTE_STATUSES = ['sent', 'accepted', 'declined', 'paid', 'closed'] as const;
/** sent → accepted → paid; sent → declined; sent → closed when the buyer paid another seller's quote. */
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** One quote as its buyer and its seller see it. Money: decimal text plus minor units as a decimal string. */
export interface QuoteView {
  id: string;
  requestId: string;
  seller: { id: string; businessName: string };
  amount: string;
  amountMinor: string;
  currency: PaymentCurrency;
  included: string;
  deliveryDate: string;
  provider: { stripeAccountId: string; amount: string; amountMinor: string } | null;
  status: QuoteStatus;
  /** The order created when the buyer accepted (its public order id), null before. */
  orderId: string | null;
  declineReason: string | null;
  /** Questions from the buyer and the seller's answers, oldest first (only in the buyer's list). */
  messages: QuoteMessage[];
  createdAt: string;
  decidedAt: string | null;
}

export interface QuoteResponse {
  quote: QuoteView;
  message: string;
}

export interface QuoteListResponse {
  requestId: string;
  /** open, or fulfilled once a quote on it was paid. */
  requestStatus: 'open' | 'fulfilled';
  quotes: QuoteView[];
}

/** How the buyer pays an accepted quote: exactly the body of POST /api/create-payment-intent. */
export interface QuotePaymentInstructions {
  orderId: string;
  amount: string;
  currency: PaymentCurrency;
  printProviderStripeAccountId: string;
}

export interface AcceptQuoteResponse {
  quote: QuoteView;
  pay: QuotePaymentInstructions;
  /** The web page that pays this order. */
  payUrl: string;
  message: string;
}

export const QUOTE_SUCCESS = {
  SENT: 'Your quote has been sent to the buyer.',
  DECLINED: 'The quote has been declined.',
  ACCEPTED: 'Quote accepted. Pay the order to confirm it.',
  QUESTION_SENT: 'Your question was sent to the seller.',
  ANSWER_SENT: 'Your answer was sent to the buyer.',
} as const;

/** Errors every layer says the same way. */
export const QUOTE_ERRORS = {
  REQUEST_NOT_FOUND: 'This request no longer exists.',
  REQUEST_CLOSED: 'This request is closed: a quote on it was already paid.',
  NOT_FOUND: 'This quote does not exist.',
  NOT_OWNER: 'Only the buyer who posted this request can see, accept or decline its quotes.',
  ALREADY_QUOTED: 'You already have an open quote on this request.',
  NOT_OPEN: (status: QuoteStatus) => `This quote is ${status} and can no longer be changed.`,
  ANOTHER_ACCEPTED: 'Another quote on this request is already accepted.',
} as const;

export const QUOTE_ORDER_PREFIX = 'quote_';

/** The public order id of a quote's order: one per quote, so accepting twice finds the same order. */
export function quoteOrderId(quoteId: string): string {
  return `${QUOTE_ORDER_PREFIX}${quoteId}`;
}
