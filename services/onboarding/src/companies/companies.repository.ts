import { Injectable } from '@nestjs/common';
import type { CompanyVerificationStatus } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';
import { DataSource } from 'typeorm';
import { CompanyEntity } from './company.entity.js';

export type NewCompany = Omit<CompanyEntity, 'createdAt'>;

export type CompanyCounts = Record<CompanyVerificationStatus, number>;

/** Port: where companies are kept. The use cases never see TypeORM. */
export abstract class CompaniesRepository {
  /** Returns false when the email already has a live (not rejected) application. */
  abstract insert(tx: Transaction, company: NewCompany): Promise<boolean>;
  abstract liveApplicationExists(tx: Transaction, email: string): Promise<boolean>;
  /** Reads and row-locks a company for the rest of the transaction. */
  abstract lock(tx: Transaction, id: string): Promise<CompanyEntity | null>;
  abstract update(tx: Transaction, id: string, changes: Partial<NewCompany>): Promise<void>;
  abstract list(limit: number): Promise<CompanyEntity[]>;
  abstract findById(id: string): Promise<CompanyEntity | null>;
  abstract counts(): Promise<CompanyCounts>;
}

@Injectable()
export class TypeOrmCompaniesRepository extends CompaniesRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insert(tx: Transaction, company: NewCompany): Promise<boolean> {
    const result = await tx.manager.createQueryBuilder().insert().into(CompanyEntity).values(company).orIgnore().execute();
    return (result.raw as unknown[]).length > 0;
  }

  async liveApplicationExists(tx: Transaction, email: string): Promise<boolean> {
    const rows = (await tx.manager.query(`SELECT 1 FROM companies WHERE email = $1 AND verification_status <> 'rejected' LIMIT 1`, [
      email,
    ])) as unknown[];
    return rows.length > 0;
  }

  async lock(tx: Transaction, id: string): Promise<CompanyEntity | null> {
    return tx.manager.getRepository(CompanyEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async update(tx: Transaction, id: string, changes: Partial<NewCompany>): Promise<void> {
    await tx.manager.getRepository(CompanyEntity).update({ id }, changes);
  }

  async list(limit: number): Promise<CompanyEntity[]> {
    return this.dataSource.getRepository(CompanyEntity).find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  async findById(id: string): Promise<CompanyEntity | null> {
    return this.dataSource.getRepository(CompanyEntity).findOne({ where: { id } });
  }

  async counts(): Promise<CompanyCounts> {
    const rows = (await this.dataSource.query(
      `SELECT verification_status AS status, count(*)::int AS n FROM companies GROUP BY verification_status`,
    )) as Array<{ status: CompanyVerificationStatus; n: number }>;
    const counts: CompanyCounts = { approved: 0, pending: 0, flagged: 0, rejected: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }
}
