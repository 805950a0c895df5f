import { Injectable } from '@nestjs/common';
import type { Transaction } from '@paymarket/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MarketplaceEntity } from './marketplace.entity.js';

export type NewMarketplace = MarketplaceEntity;

/** A marketplace with every domain it may be embedded on, the primary (registered) one first. */
export type StoredMarketplace = MarketplaceEntity & { domains: string[] };

/** What a change may set; `domain` (the primary) follows the first of the domains. */
export type MarketplaceChanges = Partial<
  Pick<
    MarketplaceEntity,
    | 'companyId'
    | 'domain'
    | 'displayName'
    | 'accentColor'
    | 'logoUrl'
    | 'customBranding'
    | 'customFees'
    | 'transactionFeeUsdMinor'
    | 'transactionFeeCadMinor'
    | 'platformFeeBps'
    | 'payoutAccountId'
    | 'version'
    | 'updatedAt'
  >
>;

/** The company a console call acts for: its contact email decides which marketplaces it may attach. */
export interface CompanyContact {
  id: string;
  email: string;
}

/** Port: where marketplaces and their domains are kept. The use cases never see TypeORM. */
export abstract class MarketplacesRepository {
  /** Whether any marketplace lists this domain, as its primary or as an extra domain. */
  abstract existsByDomain(tx: Transaction, domain: string): Promise<boolean>;
  /** Stores the marketplace and its primary domain; false when the domain is already taken (a concurrent write won). */
  abstract insert(tx: Transaction, marketplace: NewMarketplace): Promise<boolean>;
  abstract findByCompany(companyId: string): Promise<StoredMarketplace | null>;
  /** Reads and row-locks the company's marketplace for the rest of the transaction. */
  abstract lockByCompany(tx: Transaction, companyId: string): Promise<StoredMarketplace | null>;
  /** Reads and row-locks a marketplace for the rest of the transaction. */
  abstract lockById(tx: Transaction, id: string): Promise<StoredMarketplace | null>;
  /** The marketplace that lists `domain` (any of its domains). */
  abstract findByDomain(domain: string): Promise<StoredMarketplace | null>;
  /** Marketplaces no company has attached, registered with `email` as contact or admin email, newest first. */
  abstract unattachedFor(email: string): Promise<MarketplaceEntity[]>;
  /** Those of `domains` another marketplace lists, in the order given. */
  abstract domainsOfOthers(tx: Transaction, marketplaceId: string, domains: readonly string[]): Promise<string[]>;
  /**
   * Makes `domains` the marketplace's list (the first is the primary). Returns the first domain another marketplace
   * claimed meanwhile (nothing else is stored then: the caller must abandon the transaction), or null.
   */
  abstract replaceDomains(tx: Transaction, marketplaceId: string, domains: readonly string[]): Promise<string | null>;
  abstract update(tx: Transaction, id: string, changes: MarketplaceChanges): Promise<void>;
  abstract findCompany(companyId: string): Promise<CompanyContact | null>;
  /** Reads and row-locks a company, so two attaches for one company run one after the other. */
  abstract lockCompany(tx: Transaction, companyId: string): Promise<CompanyContact | null>;
}

@Injectable()
export class TypeOrmMarketplacesRepository extends MarketplacesRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async existsByDomain(tx: Transaction, domain: string): Promise<boolean> {
    const rows = (await tx.manager.query(`SELECT 1 FROM marketplace_domains WHERE domain = $1`, [domain])) as unknown[];
    return rows.length > 0;
  }

  async insert(tx: Transaction, marketplace: NewMarketplace): Promise<boolean> {
    // The domain row first: every writer locks a domain before a marketplace row (the foreign key is deferred).
    const claimed = (await tx.manager.query(
      `INSERT INTO marketplace_domains (domain, marketplace_id, position) VALUES ($1, $2, 0) ON CONFLICT (domain) DO NOTHING RETURNING domain`,
      [marketplace.domain, marketplace.id],
    )) as unknown[];
    if (claimed.length === 0) return false;
    const result = await tx.manager.createQueryBuilder().insert().into(MarketplaceEntity).values(marketplace).orIgnore().execute();
    return (result.raw as unknown[]).length > 0;
  }

  async findByCompany(companyId: string): Promise<StoredMarketplace | null> {
    return this.withDomains(
      this.dataSource.manager,
      await this.dataSource.getRepository(MarketplaceEntity).findOne({ where: { companyId } }),
    );
  }

  async lockByCompany(tx: Transaction, companyId: string): Promise<StoredMarketplace | null> {
    const row = await tx.manager.getRepository(MarketplaceEntity).findOne({ where: { companyId }, lock: { mode: 'pessimistic_write' } });
    return this.withDomains(tx.manager, row);
  }

  async lockById(tx: Transaction, id: string): Promise<StoredMarketplace | null> {
    const row = await tx.manager.getRepository(MarketplaceEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    return this.withDomains(tx.manager, row);
  }

  async findByDomain(domain: string): Promise<StoredMarketplace | null> {
    const rows = (await this.dataSource.query(`SELECT marketplace_id FROM marketplace_domains WHERE domain = $1`, [domain])) as Array<{
      marketplace_id: string;
    }>;
    const id = rows[0]?.marketplace_id;
    if (!id) return null;
    return this.withDomains(this.dataSource.manager, await this.dataSource.getRepository(MarketplaceEntity).findOne({ where: { id } }));
  }

  async unattachedFor(email: string): Promise<MarketplaceEntity[]> {
    return this.dataSource
      .getRepository(MarketplaceEntity)
      .createQueryBuilder('m')
      .where('m.company_id IS NULL')
      .andWhere('(lower(m.contact_email) = lower(:email) OR lower(m.admin_email) = lower(:email))', { email })
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .getMany();
  }

  async domainsOfOthers(tx: Transaction, marketplaceId: string, domains: readonly string[]): Promise<string[]> {
    const rows = (await tx.manager.query(`SELECT domain FROM marketplace_domains WHERE domain = ANY($1::text[]) AND marketplace_id <> $2`, [
      domains,
      marketplaceId,
    ])) as Array<{ domain: string }>;
    const taken = new Set(rows.map((r) => r.domain));
    return domains.filter((d) => taken.has(d));
  }

  async replaceDomains(tx: Transaction, marketplaceId: string, domains: readonly string[]): Promise<string | null> {
    await tx.manager.query(`DELETE FROM marketplace_domains WHERE marketplace_id = $1`, [marketplaceId]);
    // A domain another transaction claimed after our check waits for it, then is skipped here and reported.
    const rows = (await tx.manager.query(
      `INSERT INTO marketplace_domains (domain, marketplace_id, position)
         SELECT d.domain, $1, d.n - 1 FROM unnest($2::text[]) WITH ORDINALITY AS d(domain, n)
       ON CONFLICT (domain) DO NOTHING RETURNING domain`,
      [marketplaceId, domains],
    )) as Array<{ domain: string }>;
    const stored = new Set(rows.map((r) => r.domain));
    return domains.find((d) => !stored.has(d)) ?? null;
  }

  async update(tx: Transaction, id: string, changes: MarketplaceChanges): Promise<void> {
    await tx.manager.getRepository(MarketplaceEntity).update({ id }, changes);
  }

  async findCompany(companyId: string): Promise<CompanyContact | null> {
    const rows = (await this.dataSource.query(`SELECT id, email FROM companies WHERE id = $1`, [companyId])) as CompanyContact[];
    return rows[0] ?? null;
  }

  async lockCompany(tx: Transaction, companyId: string): Promise<CompanyContact | null> {
    const rows = (await tx.manager.query(`SELECT id, email FROM companies WHERE id = $1 FOR UPDATE`, [companyId])) as CompanyContact[];
    return rows[0] ?? null;
  }

  private async withDomains(manager: EntityManager, row: MarketplaceEntity | null): Promise<StoredMarketplace | null> {
    if (!row) return null;
    const rows = (await manager.query(`SELECT domain FROM marketplace_domains WHERE marketplace_id = $1 ORDER BY position`, [
      row.id,
    ])) as Array<{
      domain: string;
    }>;
    return { ...row, domains: rows.map((r) => r.domain) };
  }
}
