import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogEvents, type RegisterSellerDto, type RegisterSellerResponse } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { ConnectedAccounts } from '../providers/connected-accounts.js';
import { Clock } from '../shared/clock.js';
import { verifyPayoutAccount } from './payout-account.js';
import { generateToken, hashToken } from './seller-tokens.js';
import { SELLER_REGISTERED_MESSAGE, SellerErrors } from './sellers.exception.js';
import { SellersRepository } from './sellers.repository.js';

/** The public form's Idempotency-Key scope: there is no signed-in caller, the key alone tells submissions apart. */
export const REGISTER_SELLER_SCOPE = 'register-seller';

/**
 * How long after a registration a repeat of it (same Idempotency-Key and form) still gets an edit token. A retry
 * after a lost answer comes within seconds; keys are kept 24 hours, and a key with its form must not open the
 * profile for that long.
 */
export const EDIT_TOKEN_REISSUE_WINDOW_MS = 15 * 60 * 1000;

@Injectable()
export class RegisterSellerUseCase {
  constructor(
    private readonly sellers: SellersRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: ConnectedAccounts,
    private readonly clock: Clock,
  ) {}

  async execute(input: RegisterSellerDto, idempotencyKey?: string): Promise<RegisterSellerResponse> {
    const stripeAccountId = input.stripeAccountId || null;
    // Checked with payments before anything is stored (a Stripe call does not belong inside the transaction).
    if (stripeAccountId) await verifyPayoutAccount(this.accounts, stripeAccountId);
    const id = randomUUID();
    // Returned once, never stored: only its hash is kept, and the answer kept for a repeat of the key leaves it out.
    const authToken = generateToken();
    const once = { scope: REGISTER_SELLER_SCOPE, key: idempotencyKey, request: input };
    const outcome = await this.unitOfWork.runOnceKeeping(
      once,
      async (tx): Promise<RegisterSellerResponse> => {
        await this.sellers.insert(tx, {
          id,
          businessName: input.businessName,
          sellerName: input.sellerName,
          email: input.email,
          phone: input.phone,
          category: input.category,
          description: input.description,
          products: input.products,
          pricing: input.pricing,
          location: input.location,
          website: input.website || null,
          stripeAccountId,
        });
        await this.sellers.setEditTokenHash(tx, id, hashToken(authToken));
        await tx.publish(CatalogEvents.SELLER_REGISTERED, {
          sellerId: id,
          businessName: input.businessName,
          sellerName: input.sellerName,
          email: input.email,
          category: input.category,
        });
        const seller = await this.sellers.findById(id, tx);
        if (!seller) throw ServiceError.notFound(SellerErrors.NOT_FOUND);
        return { authToken, seller, message: SELLER_REGISTERED_MESSAGE };
      },
      // Kept in idempotency_keys to answer a repeat: the registration without its edit token.
      ({ authToken: _token, ...kept }) => kept,
    );
    if (outcome.ran) return outcome.result;
    return { authToken: await this.reissueEditToken(outcome.kept.seller.id), ...outcome.kept };
  }

  /**
   * A repeat of a registration whose answer never arrived: that answer's token exists nowhere but in its hash, so a
   * new one replaces it (the browser keeps the last token it is given). After the window, the emailed link is the way.
   */
  private async reissueEditToken(sellerId: string): Promise<string> {
    const authToken = generateToken();
    await this.unitOfWork.run(async (tx) => {
      const seller = await this.sellers.lockById(tx, sellerId);
      if (!seller) throw ServiceError.notFound(SellerErrors.NOT_FOUND);
      if (this.clock.now().getTime() - Date.parse(seller.createdAt) > EDIT_TOKEN_REISSUE_WINDOW_MS) {
        throw ServiceError.conflict(SellerErrors.ALREADY_REGISTERED, { 'Idempotency-Key': [SellerErrors.ALREADY_REGISTERED] });
      }
      await this.sellers.setEditTokenHash(tx, sellerId, hashToken(authToken));
    });
    return authToken;
  }
}
