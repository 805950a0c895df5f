import { Injectable } from '@nestjs/common';
import type { Transaction } from '@paymarket/platform';
import { MarketplaceEntity } from './marketplace.entity.js';

export type NewMarketplace = MarketplaceEntity;

/** Port: where marketplaces are kept. The use case never sees TypeORM. */
export abstract class MarketplacesRepository {
  abstract existsByDomain(tx: Transaction, domain: string): Promise<boolean>;
  /** Returns false when the domain is already taken (a concurrent registration won). */
  abstract insert(tx: Transaction, marketplace: NewMarketplace): Promise<boolean>;
}

@Injectable()
export class TypeOrmMarketplacesRepository extends MarketplacesRepository {
  async existsByDomain(tx: Transaction, domain: string): Promise<boolean> {
    return tx.manager.getRepository(MarketplaceEntity).exists({ where: { domain } });
  }

  async insert(tx: Transaction, marketplace: NewMarketplace): Promise<boolean> {
    const result = await tx.manager.createQueryBuilder().insert().into(MarketplaceEntity).values(marketplace).orIgnore().execute();
    return (result.raw as unknown[]).length > 0;
  }
}
