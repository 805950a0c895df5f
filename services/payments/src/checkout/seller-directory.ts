import { Injectable } from '@nestjs/common';
import { RpcPatterns, type SellerPayoutAccount } from '@paymarket/contracts';
import { createLogger, RpcCallError, RpcClient } from '@paymarket/platform';
import { PROVIDER_NAME_TTL_MS, RecentAnswers } from './recent-answers.js';

const log = createLogger('seller-directory');

/**
 * Port: who `seller_<id>` is and which connected account their money goes to (ADR 0030). Catalog owns sellers and
 * their payout accounts; payments asks it at the moment of an order instead of keeping a copy.
 */
export abstract class SellerDirectory {
  /** Null for an unknown seller. Throws when catalog cannot answer. */
  abstract payoutAccount(sellerId: string): Promise<SellerPayoutAccount | null>;

  /**
   * The name of the approved print provider on a connected account, so orders and receipts show it instead of the
   * account id. Null when no provider has that account (or nobody can say); a name is never a reason to refuse.
   */
  async providerName(_stripeAccountId: string): Promise<string | null> {
    return null;
  }
}

@Injectable()
export class RpcSellerDirectory extends SellerDirectory {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async payoutAccount(sellerId: string): Promise<SellerPayoutAccount | null> {
    try {
      return await this.rpc.call(RpcPatterns.catalog.GET_SELLER_PAYOUT_ACCOUNT, { sellerId });
    } catch (error) {
      if (error instanceof RpcCallError && error.kind === 'service' && error.payload.code === 'not_found') return null;
      throw error;
    }
  }

  /** Names found in the last minute: every order to a provider asked catalog for the same name. */
  private readonly recentNames = new RecentAnswers<string>(PROVIDER_NAME_TTL_MS);

  override async providerName(stripeAccountId: string): Promise<string | null> {
    const known = this.recentNames.get(stripeAccountId);
    if (known !== undefined) return known;
    try {
      // One provider by its account (the same lookup dispute emails use), not the whole provider list per order.
      const { name } = await this.rpc.call(RpcPatterns.providerContacts.GET_PROVIDER_CONTACT, { stripeAccountId });
      if (name) this.recentNames.set(stripeAccountId, name);
      return name;
    } catch (error) {
      if (error instanceof RpcCallError && error.kind === 'service' && error.payload.code === 'not_found') return null;
      // A name is never a reason to refuse the order: it is shown as the account id, and the cause is logged.
      log.warn({ err: error, stripeAccountId }, 'could not name the print provider of an order');
      return null;
    }
  }
}
