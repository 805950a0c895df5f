import { Injectable } from '@nestjs/common';
import type { SignedInBuyer } from '@paymarket/contracts';
import { queryPrepared, type Transaction } from '@paymarket/platform';
import { DataSource } from 'typeorm';

/** Port: the buyers a sign-in code or a buyer session signs in (deleted buyers are nobody). */
export abstract class SignedInBuyersRepository {
  abstract byEmail(tx: Transaction, email: string): Promise<SignedInBuyer | undefined>;
  abstract byId(id: string): Promise<SignedInBuyer | undefined>;
}

@Injectable()
export class SqlSignedInBuyersRepository extends SignedInBuyersRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async byEmail(tx: Transaction, email: string): Promise<SignedInBuyer | undefined> {
    const rows = (await tx.manager.query(`SELECT id, name, email FROM buyers WHERE email = $1 AND deleted_at IS NULL`, [
      email,
    ])) as SignedInBuyer[];
    return rows[0];
  }

  async byId(id: string): Promise<SignedInBuyer | undefined> {
    // Every signed-in buyer request asks this (after the session): a prepared statement (ADR 0048).
    const rows = await queryPrepared<SignedInBuyer>(
      this.dataSource,
      `SELECT id, name, email FROM buyers WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return rows[0];
  }
}
