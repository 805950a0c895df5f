import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogEvents, type RegisterSellerDto, type RegisterSellerResponse } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { ConnectedAccounts } from '../providers/connected-accounts.js';
import { verifyPayoutAccount } from './payout-account.js';
import { generateToken, hashToken } from './seller-tokens.js';
import { SELLER_REGISTERED_MESSAGE } from './sellers.exception.js';
import { SellersRepository } from './sellers.repository.js';

@Injectable()
export class RegisterSellerUseCase {
  constructor(
    private readonly sellers: SellersRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: ConnectedAccounts,
  ) {}

  async execute(input: RegisterSellerDto): Promise<RegisterSellerResponse> {
    const stripeAccountId = input.stripeAccountId || null;
    // Checked with payments before anything is stored (a Stripe call does not belong inside the transaction).
    if (stripeAccountId) await verifyPayoutAccount(this.accounts, stripeAccountId);
    const id = randomUUID();
    // Returned once, never stored: only its hash is kept.
    const authToken = generateToken();
    const seller = await this.unitOfWork.run(async (tx) => {
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
      return this.sellers.findById(id, tx);
    });
    if (!seller) throw ServiceError.notFound('Seller not found');
    return { authToken, seller, message: SELLER_REGISTERED_MESSAGE };
  }
}
