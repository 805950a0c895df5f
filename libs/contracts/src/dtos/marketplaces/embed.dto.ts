import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { ApiOrderView } from '../../api/payments.js';
import { normalisedEmail, trimmed } from '../transforms.js';
import { IsMoneyAmount } from '../payments/amount.js';
import { ORDER_ID_PATTERN, PAYMENT_CURRENCIES, RECIPIENT_PATTERN, type PaymentCurrency } from '../payments/create-order.dto.js';
import { PAYMENT_MESSAGES as M } from '../payments/payment-messages.js';
import { API_ORDER_MESSAGES, PrintProviderRules, ProviderCostRules } from '../payments/api-order.dto.js';
import { EMBED_MESSAGES } from './embed-widget.js';

// The widget's constants and origin rules, in a file free of decorators (the widget script and the web import it alone).
export * from './embed-widget.js';

/** GET /api/embed/config?marketplace=… */
export interface EmbedConfigResponse {
  marketplace: { domain: string; displayName: string; accentColor: string | null; logoUrl: string | null };
  /** Send as X-PayMarket-Embed-Token from the checkout; bound to the marketplace and the embedding origin. */
  token: string;
  expiresAt: string;
  /** The iframe's address, relative to the PayMarket origin. */
  checkoutPath: string;
  developmentMode: boolean;
}

/** POST /api/embed/orders: a guest's order placed through a marketplace's widget. */
export class EmbedCreateOrderDto {
  @IsMoneyAmount({ message: M.INVALID_AMOUNT })
  amount!: number | string;

  @IsIn(PAYMENT_CURRENCIES, { message: M.CURRENCY })
  currency!: PaymentCurrency;

  @Transform(trimmed)
  @Matches(RECIPIENT_PATTERN, { message: API_ORDER_MESSAGES.RECIPIENT })
  @IsString({ message: API_ORDER_MESSAGES.RECIPIENT })
  recipient!: string;

  @Transform(normalisedEmail)
  @MaxLength(254, { message: EMBED_MESSAGES.BUYER_EMAIL })
  @IsEmail({}, { message: EMBED_MESSAGES.BUYER_EMAIL })
  buyerEmail!: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: EMBED_MESSAGES.BUYER_NAME })
  @IsString({ message: EMBED_MESSAGES.BUYER_NAME })
  buyerName?: string;

  /** The host page's own reference (the widget's data-order-id); PayMarket makes one when absent. */
  @IsOptional()
  @Transform(trimmed)
  @Matches(ORDER_ID_PATTERN, { message: M.ORDER_ID_FORMAT })
  @IsString({ message: M.ORDER_ID_FORMAT })
  orderId?: string;

  @IsOptional()
  @MaxLength(500, { message: 'Description must be at most 500 characters' })
  @IsString({ message: 'Description must be text' })
  description?: string;

  /** A seller's order only: the print provider (acct_…) that produces it (the widget's data-provider with data-seller). */
  @PrintProviderRules()
  printProvider?: string;

  /** With printProvider: its cost inside the amount (the widget's data-provider-cost). */
  @ProviderCostRules()
  providerCost?: number | string;

  /** `location.ancestorOrigins[0]` (or the referrer's origin) as the iframe sees it; must match the token's origin. */
  @MaxLength(300, { message: EMBED_MESSAGES.EMBED_ORIGIN })
  @IsNotEmpty({ message: EMBED_MESSAGES.EMBED_ORIGIN })
  @IsString({ message: EMBED_MESSAGES.EMBED_ORIGIN })
  embedOrigin!: string;
}

/** What POST /api/embed/orders answers: the order and what the card step needs. */
export interface EmbedOrderResponse {
  order: ApiOrderView;
  paymentIntentId: string;
  clientSecret: string;
  developmentMode: boolean;
}
