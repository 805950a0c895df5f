import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { managerOf } from '../auth/ambient-transaction.js';

export interface AdminRow {
  id: string;
  email: string;
  passwordHash: string;
}

/** Port: admin accounts and their failed logins. */
export abstract class AdminsRepository {
  abstract byEmail(email: string): Promise<AdminRow | undefined>;
  abstract byId(id: string): Promise<AdminRow | undefined>;
  /** Creates the admin, or replaces the password of an existing one; returns whether it was created. */
  abstract upsert(admin: AdminRow): Promise<'created' | 'updated'>;
  abstract failuresSince(by: 'email' | 'ip', value: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  abstract recordFailure(email: string, ip: string, at: Date): Promise<void>;
  abstract clearFailures(email: string): Promise<void>;
}

interface Raw {
  id: string;
  email: string;
  password_hash: string;
}

const toRow = (r: Raw | undefined): AdminRow | undefined => (r ? { id: r.id, email: r.email, passwordHash: r.password_hash } : undefined);

@Injectable()
export class SqlAdminsRepository extends AdminsRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** The audited change under way (AuditTrail.transaction), else the data source. */
  private get db(): EntityManager {
    return managerOf(this.dataSource);
  }

  async byEmail(email: string): Promise<AdminRow | undefined> {
    return toRow(((await this.db.query(`SELECT * FROM admins WHERE email = $1`, [email])) as Raw[])[0]);
  }

  async byId(id: string): Promise<AdminRow | undefined> {
    return toRow(((await this.db.query(`SELECT * FROM admins WHERE id = $1`, [id])) as Raw[])[0]);
  }

  async upsert(admin: AdminRow): Promise<'created' | 'updated'> {
    const rows = (await this.db.query(
      `INSERT INTO admins (id, email, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, password_changed_at = now()
       RETURNING (xmax = 0) AS created`,
      [admin.id, admin.email, admin.passwordHash],
    )) as { created: boolean }[];
    return rows[0]?.created ? 'created' : 'updated';
  }

  async failuresSince(by: 'email' | 'ip', value: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const column = by === 'email' ? 'email' : 'ip';
    const rows = (await this.db.query(
      `SELECT count(*)::int AS count, min(failed_at) AS oldest FROM admin_login_failures WHERE ${column} = $1 AND failed_at > $2`,
      [value, since],
    )) as { count: number; oldest: Date | null }[];
    return rows[0] ?? { count: 0, oldest: null };
  }

  async recordFailure(email: string, ip: string, at: Date): Promise<void> {
    await this.db.query(`INSERT INTO admin_login_failures (email, ip, failed_at) VALUES ($1, $2, $3)`, [email, ip, at]);
  }

  async clearFailures(email: string): Promise<void> {
    await this.db.query(`DELETE FROM admin_login_failures WHERE email = $1`, [email]);
  }
}
