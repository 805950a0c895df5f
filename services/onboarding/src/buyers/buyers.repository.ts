import { Injectable } from '@nestjs/common';
import type { Transaction } from '@paymarket/platform';
import { BuyerEntity } from './buyer.entity.js';

export type NewBuyer = Omit<BuyerEntity, 'createdAt'>;

/** Port: where buyers are kept. The use case never sees TypeORM. */
export abstract class BuyersRepository {
  abstract existsByEmail(tx: Transaction, email: string): Promise<boolean>;
  /** Returns false when the email is already taken (a concurrent registration won). */
  abstract insert(tx: Transaction, buyer: NewBuyer): Promise<boolean>;
}

@Injectable()
export class TypeOrmBuyersRepository extends BuyersRepository {
  async existsByEmail(tx: Transaction, email: string): Promise<boolean> {
    return tx.manager.getRepository(BuyerEntity).exists({ where: { email } });
  }

  async insert(tx: Transaction, buyer: NewBuyer): Promise<boolean> {
    const result = await tx.manager.createQueryBuilder().insert().into(BuyerEntity).values(buyer).orIgnore().execute();
    return (result.raw as unknown[]).length > 0;
  }
}
