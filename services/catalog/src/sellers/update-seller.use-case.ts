import { Injectable } from '@nestjs/common';
import { CatalogEvents, type SellerProfile, type UpdateSellerDto } from '@paymarket/contracts';
import { ServiceError, UnitOfWork, type Transaction } from '@paymarket/platform';
import { isUuid } from '../shared/ids.js';
import { ConnectedAccounts } from '../providers/connected-accounts.js';
import { verifyPayoutAccount } from './payout-account.js';
import { tokenMatches } from './seller-tokens.js';
import { SellerErrors } from './sellers.exception.js';
import { SellersRepository, type SellerFields } from './sellers.repository.js';

const PROFILE_FIELDS = [
  'businessName',
  'sellerName',
  'email',
  'phone',
  'category',
  'description',
  'products',
  'pricing',
  'location',
  'website',
] as const satisfies ReadonlyArray<keyof SellerFields>;

function payoutChange(before: string | null, after: string | null | undefined): 'added' | 'changed' | 'removed' | null {
  if (after === undefined || after === before) return null;
  if (after === null) return 'removed';
  return before === null ? 'added' : 'changed';
}

/** Checks a seller's edit token, and changes the profile of the seller who holds it. */
@Injectable()
export class UpdateSellerUseCase {
  constructor(
    private readonly sellers: SellersRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: ConnectedAccounts,
  ) {}

  /** 401 without a token, 404 for an unknown seller, 403 for a token that is not this seller's. */
  async authorize(sellerId: unknown, token: unknown, tx?: Transaction): Promise<string> {
    if (typeof token !== 'string' || token === '') throw ServiceError.unauthorized(SellerErrors.AUTH_REQUIRED);
    if (!isUuid(sellerId)) throw ServiceError.notFound(SellerErrors.NOT_FOUND);
    const seller = tx ? await this.sellers.lockById(tx, sellerId) : await this.sellers.findById(sellerId);
    if (!seller) throw ServiceError.notFound(SellerErrors.NOT_FOUND);
    if (!tokenMatches(token, await this.sellers.editTokenHash(sellerId, tx))) throw ServiceError.forbidden(SellerErrors.FORBIDDEN);
    return sellerId;
  }

  async execute(input: { sellerId: unknown; token: unknown; profile: UpdateSellerDto }): Promise<SellerProfile> {
    // ADR 0030: absent keeps the payout account, '' removes it, an id replaces it once payments validated it.
    const { stripeAccountId, ...profile } = input.profile;
    const newAccount = stripeAccountId === undefined ? undefined : stripeAccountId || null;
    if (newAccount) {
      // Authorised first, so a caller without the token cannot use this route to probe Stripe accounts.
      await this.authorize(input.sellerId, input.token);
      const current = isUuid(input.sellerId) ? await this.sellers.payoutAccount(input.sellerId) : null;
      if (current?.stripeAccountId !== newAccount) await verifyPayoutAccount(this.accounts, newAccount);
    }
    const updated = await this.unitOfWork.run(async (tx) => {
      const sellerId = await this.authorize(input.sellerId, input.token, tx);
      const before = await this.sellers.findById(sellerId, tx);
      const beforeAccount = (await this.sellers.payoutAccount(sellerId, tx))?.stripeAccountId ?? null;
      const fields: SellerFields = { ...profile, website: profile.website || null };
      await this.sellers.update(tx, sellerId, fields);
      const changed: string[] = PROFILE_FIELDS.filter((key) => before?.[key] !== fields[key]);
      if (newAccount !== undefined && newAccount !== beforeAccount) {
        await this.sellers.setPayoutAccount(tx, sellerId, newAccount);
        changed.push('stripeAccountId');
      }
      if (changed.length > 0) {
        await tx.publish(CatalogEvents.SELLER_UPDATED, {
          sellerId,
          businessName: fields.businessName,
          sellerName: fields.sellerName,
          email: fields.email,
          changed,
          previousEmail: before && before.email !== fields.email ? before.email : null,
          payoutAccount: payoutChange(beforeAccount, newAccount),
        });
      }
      return this.sellers.findById(sellerId, tx);
    });
    if (!updated) throw ServiceError.notFound(SellerErrors.NOT_FOUND);
    return updated;
  }
}
