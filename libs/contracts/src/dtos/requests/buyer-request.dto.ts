import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { normalisedEmail, trimmed } from '../transforms.js';
import { BUDGET_BUCKETS, type BudgetBucket } from './budget.js';

import { REQUEST_CATEGORIES, type RequestCategory } from './categories.js';

export { REQUEST_CATEGORIES, REQUEST_CATEGORY_LABELS, type RequestCategory } from './categories.js';

import { BUYER_REQUEST_MESSAGES, REQUEST_LIMITS } from './buyer-request-messages.js';

export { BUYER_REQUEST_MESSAGES, REQUEST_LIMITS } from './buyer-request-messages.js';

const M = BUYER_REQUEST_MESSAGES;

// Decorators run bottom-up and validation stops at a field's first failure: the "present, text" rule of each field
// sits closest to the property so its message is the one shown.

/** The fields posting and editing share (spec §5: the edit dialog has the same fields); their rules are inherited. */
abstract class BuyerRequestDetailsDto {
  @IsOptional()
  @IsIn(REQUEST_CATEGORIES as unknown as string[], { message: M.CATEGORY_INVALID })
  category?: RequestCategory;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(REQUEST_LIMITS.BUDGET, { message: M.TOO_LONG('Budget', REQUEST_LIMITS.BUDGET) })
  @IsString({ message: 'Budget must be text' })
  budget?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(REQUEST_LIMITS.TIMELINE, { message: M.TOO_LONG('Timeline', REQUEST_LIMITS.TIMELINE) })
  @IsString({ message: 'Timeline must be text' })
  timeline?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(REQUEST_LIMITS.LOCATION, { message: M.TOO_LONG('Location', REQUEST_LIMITS.LOCATION) })
  @IsString({ message: 'Location must be text' })
  location?: string;

  /** Ignored by the server: the session says who is posting and who owns a request. */
  @IsOptional()
  @Transform(normalisedEmail)
  @MaxLength(254, { message: M.EMAIL_INVALID })
  @IsEmail({}, { message: M.EMAIL_INVALID })
  buyerEmail?: string;
}

/**
 * POST /api/buyer-requests (spec §3, §5, §7). The buyer's email and name come from the sign-in session; a
 * `buyerEmail` in the body is accepted for compatibility with the spec's payload and ignored by the server.
 */
export class PostBuyerRequestDto extends BuyerRequestDetailsDto {
  @Transform(trimmed)
  @MaxLength(REQUEST_LIMITS.TITLE, { message: M.TOO_LONG('Title', REQUEST_LIMITS.TITLE) })
  @IsNotEmpty({ message: M.MISSING_REQUIRED })
  @IsString({ message: M.MISSING_REQUIRED })
  title!: string;

  @Transform(trimmed)
  @MaxLength(REQUEST_LIMITS.DESCRIPTION, { message: M.TOO_LONG('Description', REQUEST_LIMITS.DESCRIPTION) })
  @IsNotEmpty({ message: M.MISSING_REQUIRED })
  @IsString({ message: M.MISSING_REQUIRED })
  description!: string;
}

/**
 * The "Post New Request" form (spec §5): there the registered email is required too, with the same message as title
 * and description, because a visitor proves it with a sign-in code before posting. The server reads the session.
 */
export class PostBuyerRequestFormDto extends PostBuyerRequestDto {
  @Transform(normalisedEmail)
  @MaxLength(254, { message: M.EMAIL_INVALID })
  @IsEmail({}, { message: M.EMAIL_INVALID })
  @IsNotEmpty({ message: M.MISSING_REQUIRED })
  @IsString({ message: M.MISSING_REQUIRED })
  override buyerEmail!: string;
}

/** PUT /api/buyer-requests/:id (spec §5: title and description required, with the edit dialog's message). */
export class UpdateBuyerRequestDto extends BuyerRequestDetailsDto {
  @Transform(trimmed)
  @MaxLength(REQUEST_LIMITS.TITLE, { message: M.TOO_LONG('Title', REQUEST_LIMITS.TITLE) })
  @IsNotEmpty({ message: M.EDIT_REQUIRED })
  @IsString({ message: M.EDIT_REQUIRED })
  title!: string;

  @Transform(trimmed)
  @MaxLength(REQUEST_LIMITS.DESCRIPTION, { message: M.TOO_LONG('Description', REQUEST_LIMITS.DESCRIPTION) })
  @IsNotEmpty({ message: M.EDIT_REQUIRED })
  @IsString({ message: M.EDIT_REQUIRED })
  description!: string;
}

/** DELETE /api/buyer-requests/:id body (spec §7 sends buyerEmail; ignored, the session decides). */
export class DeleteBuyerRequestDto {
  @IsOptional()
  @Transform(normalisedEmail)
  @MaxLength(254, { message: M.EMAIL_INVALID })
  @IsEmail({}, { message: M.EMAIL_INVALID })
  buyerEmail?: string;
}

/** POST /api/buyer-requests/contact (spec §3 contact-interest payload). A blank message becomes the default. */
export class ContactBuyerDto {
  @Transform(trimmed)
  @IsUUID('all', { message: M.REQUEST_ID_INVALID })
  @IsNotEmpty({ message: M.REQUEST_ID_INVALID })
  @IsString({ message: M.REQUEST_ID_INVALID })
  requestId!: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(REQUEST_LIMITS.SELLER_MESSAGE, { message: M.TOO_LONG('Message', REQUEST_LIMITS.SELLER_MESSAGE) })
  @IsString({ message: M.SELLER_MESSAGE_TEXT })
  sellerMessage?: string;
}

export const LIST_LIMITS = { DEFAULT: 24, MAX: 100, QUERY: 200, CURSOR: 200 } as const;

/** GET /api/buyer-requests query: server-side filters (spec §5) and cursor pagination. */
export class ListBuyerRequestsQueryDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(LIST_LIMITS.QUERY, { message: M.TOO_LONG('Search', LIST_LIMITS.QUERY) })
  @IsString({ message: 'Search must be text' })
  q?: string;

  @IsOptional()
  @IsIn(REQUEST_CATEGORIES as unknown as string[], { message: M.CATEGORY_INVALID })
  category?: RequestCategory;

  @IsOptional()
  @IsIn(BUDGET_BUCKETS as unknown as string[], { message: 'budget must be one of under-100, 100-500, over-500' })
  budget?: BudgetBucket;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @Max(LIST_LIMITS.MAX, { message: `limit must be a whole number from 1 to ${LIST_LIMITS.MAX}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${LIST_LIMITS.MAX}` })
  @IsInt({ message: `limit must be a whole number from 1 to ${LIST_LIMITS.MAX}` })
  limit?: number;

  @IsOptional()
  @MaxLength(LIST_LIMITS.CURSOR, { message: 'cursor is not valid' })
  @IsString({ message: 'cursor is not valid' })
  cursor?: string;
}
