import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { createLogger, SERVICE_CONFIG, type ServiceRuntimeConfig } from '@paymarket/platform';
import { SEED_PROVIDERS, SEED_SELLERS } from './catalog-seed-data.js';

const log = createLogger('catalog-seed');

/**
 * Fills an empty catalog with demonstration sellers and providers, so a first start shows a living marketplace.
 * Runs only when the launcher asks for it (embedded mode, not production, PAYMARKET_SEED not 'false'), and only
 * when both tables are empty; an advisory lock keeps replicas from seeding twice. No events: nobody is emailed.
 */
@Injectable()
export class CatalogSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceRuntimeConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seed || this.config.production) return;
    const seeded = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('seed:catalog'))`);
      const [{ empty }] = (await manager.query(
        `SELECT NOT EXISTS (SELECT 1 FROM sellers) AND NOT EXISTS (SELECT 1 FROM print_providers) AS empty`,
      )) as [{ empty: boolean }];
      if (!empty) {
        await this.backfillProviderProfiles(manager);
        return false;
      }
      // Spaced a minute apart so the directory shows them in a stable order.
      const base = Date.now() - SEED_SELLERS.length * 60_000;
      for (const [index, s] of SEED_SELLERS.entries()) {
        const id = randomUUID();
        await manager.query(
          `INSERT INTO sellers (id, business_name, seller_name, email, phone, category, description, products, pricing, location, website, created_at, updated_at, stripe_account_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13)`,
          [
            id,
            s.businessName,
            s.sellerName,
            s.email,
            s.phone,
            s.category,
            s.description,
            s.products,
            s.pricing,
            s.location,
            s.website,
            new Date(base + index * 60_000),
            s.stripeAccountId ?? null,
          ],
        );
        for (const score of s.ratings) {
          await manager.query(`INSERT INTO ratings (id, seller_id, score) VALUES ($1, $2, $3)`, [randomUUID(), id, score]);
        }
      }
      for (const p of SEED_PROVIDERS) {
        const providerId = randomUUID();
        const applicationId = await this.insertApprovedApplication(manager, p, providerId);
        await manager.query(
          `INSERT INTO print_providers (id, name, stripe_account_id, email, application_id) VALUES ($1, $2, $3, $4, $5)`,
          [providerId, p.name, p.stripeAccountId, p.email, applicationId],
        );
      }
      return true;
    });
    if (seeded)
      log.info({ sellers: SEED_SELLERS.length, providers: SEED_PROVIDERS.length }, 'seeded the empty catalog with demonstration data');
  }

  /**
   * A catalog seeded before providers had public profiles has the demo provider without its application: add it, so
   * the Print Providers page shows the same card on an old data folder as on a new one.
   */
  private async backfillProviderProfiles(manager: EntityManager): Promise<void> {
    for (const p of SEED_PROVIDERS) {
      const rows = (await manager.query(
        `SELECT id FROM print_providers WHERE stripe_account_id = $1 AND email = $2 AND application_id IS NULL`,
        [p.stripeAccountId, p.email],
      )) as { id: string }[];
      for (const { id } of rows) {
        const applicationId = await this.insertApprovedApplication(manager, p, id);
        await manager.query(`UPDATE print_providers SET application_id = $1 WHERE id = $2`, [applicationId, id]);
        log.info({ provider: p.name }, "added the demonstration provider's approved application");
      }
    }
  }

  /** An approved application, as if an administrator had accepted it: the provider's public profile. */
  private async insertApprovedApplication(manager: EntityManager, p: (typeof SEED_PROVIDERS)[number], providerId: string): Promise<string> {
    const applicationId = randomUUID();
    const a = p.application;
    await manager.query(
      `INSERT INTO provider_applications (id, business_name, contact_name, email, phone, business_address, website,
         years_in_business, service_area, print_capabilities, turnaround_time, stripe_connect_id, portfolio_description,
         status, decided_by, decided_at, provider_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'approved', 'seed', now(), $14)`,
      [
        applicationId,
        p.name,
        a.contactName,
        p.email,
        a.phone,
        a.businessAddress,
        a.website,
        a.yearsInBusiness,
        a.serviceArea,
        a.printCapabilities,
        a.turnaroundTime,
        p.stripeAccountId,
        a.portfolioDescription,
        providerId,
      ],
    );
    return applicationId;
  }
}
