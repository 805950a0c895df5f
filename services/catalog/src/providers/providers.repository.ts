import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PrintProvider, ProviderApplicationStatus, ProviderApplicationView } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';

export interface NewApplication {
  id: string;
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  businessAddress: string;
  website: string | null;
  yearsInBusiness: string;
  serviceArea: string;
  printCapabilities: string;
  turnaroundTime: string;
  stripeConnectId: string;
  portfolioDescription: string;
}

export interface Decision {
  status: 'approved' | 'rejected';
  note: string | null;
  decidedBy: string | null;
  decidedAt: Date;
  providerId: string | null;
}

/** Port: print providers and the applications that become them. */
interface ProviderRow {
  id: string;
  name: string;
  stripe_account_id: string;
  email: string | null;
  contact_name: string | null;
  phone: string | null;
  website: string | null;
  service_area: string | null;
  portfolio_description: string | null;
  print_capabilities: string | null;
  turnaround_time: string | null;
}

export abstract class ProvidersRepository {
  abstract approvedProviders(): Promise<PrintProvider[]>;
  abstract providerWithAccountExists(stripeAccountId: string, tx?: Transaction): Promise<boolean>;
  /** Returns false when the Stripe account is already taken by another provider. */
  abstract insertProvider(
    tx: Transaction,
    provider: { id: string; name: string; stripeAccountId: string; email: string | null; applicationId: string | null },
  ): Promise<boolean>;
  abstract insertApplication(tx: Transaction, application: NewApplication): Promise<void>;
  abstract findApplication(id: string, tx?: Transaction): Promise<ProviderApplicationView | null>;
  abstract lockApplication(tx: Transaction, id: string): Promise<ProviderApplicationView | null>;
  abstract decide(tx: Transaction, id: string, decision: Decision): Promise<void>;
  abstract applications(status: ProviderApplicationStatus | undefined, limit: number): Promise<ProviderApplicationView[]>;
}

interface ApplicationRow {
  id: string;
  business_name: string;
  contact_name: string;
  email: string;
  phone: string;
  business_address: string;
  website: string | null;
  years_in_business: string;
  service_area: string;
  print_capabilities: string;
  turnaround_time: string;
  stripe_connect_id: string;
  portfolio_description: string;
  status: ProviderApplicationStatus;
  decision_note: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  provider_id: string | null;
  created_at: Date;
}

function toView(r: ApplicationRow): ProviderApplicationView {
  return {
    id: r.id,
    businessName: r.business_name,
    contactName: r.contact_name,
    email: r.email,
    phone: r.phone,
    businessAddress: r.business_address,
    website: r.website,
    yearsInBusiness: r.years_in_business,
    serviceArea: r.service_area,
    printCapabilities: r.print_capabilities,
    turnaroundTime: r.turnaround_time,
    stripeConnectId: r.stripe_connect_id,
    portfolioDescription: r.portfolio_description,
    status: r.status,
    decisionNote: r.decision_note,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
    createdAt: r.created_at.toISOString(),
    providerId: r.provider_id,
  };
}

@Injectable()
export class PgProvidersRepository extends ProvidersRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private run<T>(sql: string, params: unknown[], tx?: Transaction): Promise<T[]> {
    return (tx ? tx.manager.query(sql, params) : this.dataSource.query(sql, params)) as Promise<T[]>;
  }

  async approvedProviders(): Promise<PrintProvider[]> {
    // Bounded: the payment page's select lists them all; thousands would need paging there first.
    // The public profile comes from the approved application (LEFT JOIN: a provider may have none).
    const rows = await this.run<ProviderRow>(
      `SELECT p.id, p.name, p.stripe_account_id, COALESCE(p.email, a.email) AS email, a.contact_name, a.phone, a.website,
              a.service_area, a.portfolio_description, a.print_capabilities, a.turnaround_time
         FROM print_providers p LEFT JOIN provider_applications a ON a.id = p.application_id
        ORDER BY p.name, p.id LIMIT 1000`,
      [],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      stripeAccountId: r.stripe_account_id,
      contactName: r.contact_name,
      email: r.email,
      phone: r.phone,
      website: r.website,
      location: r.service_area,
      description: r.portfolio_description,
      capabilities: r.print_capabilities,
      turnaroundTime: r.turnaround_time,
    }));
  }

  async providerWithAccountExists(stripeAccountId: string, tx?: Transaction): Promise<boolean> {
    const rows = await this.run(`SELECT 1 FROM print_providers WHERE stripe_account_id = $1`, [stripeAccountId], tx);
    return rows.length > 0;
  }

  async insertProvider(
    tx: Transaction,
    p: { id: string; name: string; stripeAccountId: string; email: string | null; applicationId: string | null },
  ): Promise<boolean> {
    const rows = (await tx.manager.query(
      `INSERT INTO print_providers (id, name, stripe_account_id, email, application_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (stripe_account_id) DO NOTHING RETURNING id`,
      [p.id, p.name, p.stripeAccountId, p.email, p.applicationId],
    )) as unknown[];
    return rows.length > 0;
  }

  async insertApplication(tx: Transaction, a: NewApplication): Promise<void> {
    await tx.manager.query(
      `INSERT INTO provider_applications (id, business_name, contact_name, email, phone, business_address, website,
         years_in_business, service_area, print_capabilities, turnaround_time, stripe_connect_id, portfolio_description)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        a.id,
        a.businessName,
        a.contactName,
        a.email,
        a.phone,
        a.businessAddress,
        a.website,
        a.yearsInBusiness,
        a.serviceArea,
        a.printCapabilities,
        a.turnaroundTime,
        a.stripeConnectId,
        a.portfolioDescription,
      ],
    );
  }

  async findApplication(id: string, tx?: Transaction): Promise<ProviderApplicationView | null> {
    const rows = await this.run<ApplicationRow>(`SELECT * FROM provider_applications WHERE id = $1`, [id], tx);
    return rows[0] ? toView(rows[0]) : null;
  }

  async lockApplication(tx: Transaction, id: string): Promise<ProviderApplicationView | null> {
    const rows = (await tx.manager.query(`SELECT * FROM provider_applications WHERE id = $1 FOR UPDATE`, [id])) as ApplicationRow[];
    return rows[0] ? toView(rows[0]) : null;
  }

  async decide(tx: Transaction, id: string, d: Decision): Promise<void> {
    await tx.manager.query(
      `UPDATE provider_applications SET status = $2, decision_note = $3, decided_by = $4, decided_at = $5, provider_id = $6 WHERE id = $1`,
      [id, d.status, d.note, d.decidedBy, d.decidedAt, d.providerId],
    );
  }

  async applications(status: ProviderApplicationStatus | undefined, limit: number): Promise<ProviderApplicationView[]> {
    const rows = status
      ? await this.run<ApplicationRow>(`SELECT * FROM provider_applications WHERE status = $1 ORDER BY created_at, id LIMIT $2`, [
          status,
          limit,
        ])
      : await this.run<ApplicationRow>(`SELECT * FROM provider_applications ORDER BY created_at DESC, id LIMIT $1`, [limit]);
    return rows.map(toView);
  }
}
