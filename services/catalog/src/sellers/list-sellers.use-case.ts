import { Injectable } from '@nestjs/common';
import type { SellerPayoutAccount, SellerProfile, SellersShowcase } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { isUuid } from '../shared/ids.js';
import { SellerErrors } from './sellers.exception.js';
import { decodeCursor, SellersRepository } from './sellers.repository.js';

export const SHOWCASE_DEFAULT_LIMIT = 24;
export const SHOWCASE_MAX_LIMIT = 100;

@Injectable()
export class ListSellersUseCase {
  constructor(private readonly sellers: SellersRepository) {}

  async showcase(input: { limit?: unknown; cursor?: unknown; payable?: boolean }): Promise<SellersShowcase> {
    const limit = input.limit ?? SHOWCASE_DEFAULT_LIMIT;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > SHOWCASE_MAX_LIMIT) {
      throw ServiceError.invalid(SellerErrors.BAD_LIMIT, { limit: [SellerErrors.BAD_LIMIT] });
    }
    let cursor = null;
    if (input.cursor !== undefined && input.cursor !== null && input.cursor !== '') {
      cursor = typeof input.cursor === 'string' ? decodeCursor(input.cursor) : null;
      if (!cursor) throw ServiceError.invalid(SellerErrors.BAD_CURSOR, { cursor: [SellerErrors.BAD_CURSOR] });
    }
    const [page, stats] = await Promise.all([this.sellers.page(limit, cursor, input.payable === true), this.sellers.stats()]);
    return { sellers: page.sellers, stats, nextCursor: page.nextCursor };
  }

  async get(sellerId: unknown): Promise<SellerProfile> {
    const seller = isUuid(sellerId) ? await this.sellers.findById(sellerId) : null;
    if (!seller) throw ServiceError.notFound(SellerErrors.NOT_FOUND);
    return seller;
  }

  /** For payments only (ADR 0030): who `seller_<id>` is and where their money goes (null: nowhere yet). */
  async payoutAccount(sellerId: unknown): Promise<SellerPayoutAccount> {
    const account = isUuid(sellerId) ? await this.sellers.payoutAccount(sellerId) : null;
    if (!account) throw ServiceError.notFound(SellerErrors.NOT_FOUND);
    return account;
  }
}
