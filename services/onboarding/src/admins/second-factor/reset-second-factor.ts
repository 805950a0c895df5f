import type { AuditContext } from '@paymarket/contracts';
import { recordAudit } from '@paymarket/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminsRepository } from '../admins.repository.js';

/** What a reset removed, for the operator's one line. */
export interface RemovedSecondFactor {
  email: string;
  totp: boolean;
  recoveryCodes: number;
  passkeys: number;
  sessionsEnded: number;
}

/** The tables of ADR 0072 that hold a factor, or state tied to one (challenges, counted failures). */
const FACTOR_TABLES = ['admin_totp', 'admin_recovery_codes', 'admin_passkeys', 'admin_webauthn_challenges', 'admin_factor_failures'];

const affectedRows = (result: unknown): number => (result as [unknown[], number])[1] ?? 0;

/**
 * `npm run admin:create -- --email … --reset-second-factor` (ADR 0072): an administrator who lost their authenticator
 * and every recovery code gets no factor at all, so the next sign-in enrols one again. Only an operator can do this
 * (there is no self-service reset); the operator checks who is asking before running it. The reset is an
 * `admin.second_factor_reset` row of the audit trail (ADR 0075), by the operator, written in its transaction.
 */
export class ResetSecondFactor {
  constructor(
    private readonly dataSource: DataSource,
    private readonly admins: AdminsRepository,
  ) {}

  /** undefined when no administrator has that email (nothing is changed). `audit`: the operator (operatorContext). */
  async execute(rawEmail: string, audit: AuditContext, at = new Date()): Promise<RemovedSecondFactor | undefined> {
    // As CreateAdminDto's normalisedEmail stores it.
    const email = rawEmail.trim().toLowerCase();
    const admin = await this.admins.byEmail(email);
    if (!admin) return undefined;
    // One transaction: a session still signed in with the lost factor must not outlive its removal, and a half-done
    // reset (factors gone, sessions alive, or the reverse) is never visible.
    return this.dataSource.transaction(async (tx) => {
      const removed = await this.removeAll(tx, admin.id, at);
      const { totp, recoveryCodes, passkeys, sessionsEnded } = removed;
      // A reset that found nothing to remove changed nothing: no row.
      if (totp || recoveryCodes > 0 || passkeys > 0 || sessionsEnded > 0) {
        await recordAudit(tx, 'onboarding', audit, {
          action: 'admin.second_factor_reset',
          target: { type: 'admin', id: admin.id },
          companyId: null,
          // Named so that auditSafe keeps them: counts of what went, never a secret.
          before: { authenticatorApp: totp, unusedCodes: recoveryCodes, passkeys },
          after: { authenticatorApp: false, unusedCodes: 0, passkeys: 0, sessionsEnded },
        });
      }
      return { email, ...removed };
    });
  }

  private async removeAll(tx: EntityManager, adminId: string, at: Date): Promise<Omit<RemovedSecondFactor, 'email'>> {
    const sessionsEnded = affectedRows(
      await tx.query(`UPDATE sessions SET revoked_at = $2 WHERE kind = 'admin' AND subject_id = $1 AND revoked_at IS NULL`, [adminId, at]),
    );
    // admin:create applies only the migrations an account needs: before onboarding has run ADR 0072's migration there
    // are no factor tables, hence no factor to remove.
    if (!(await this.factorTablesExist(tx))) return { totp: false, recoveryCodes: 0, passkeys: 0, sessionsEnded };
    const removed = async (table: string) => affectedRows(await tx.query(`DELETE FROM ${table} WHERE admin_id = $1`, [adminId]));
    const totp = (await removed('admin_totp')) > 0;
    // Used codes go too (they belong to the factor that is gone); the operator is told how many were still unused.
    const codes = (await tx.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1 RETURNING used_at`, [adminId])) as [
      { used_at: Date | null }[],
      number,
    ];
    const recoveryCodes = codes[0].filter((c) => c.used_at === null).length;
    const passkeys = await removed('admin_passkeys');
    await removed('admin_webauthn_challenges');
    // The operator vouched for the administrator: earlier wrong codes must not throttle the new enrolment.
    await removed('admin_factor_failures');
    return { totp, recoveryCodes, passkeys, sessionsEnded };
  }

  private async factorTablesExist(tx: EntityManager): Promise<boolean> {
    const rows = (await tx.query(`SELECT count(to_regclass(t)) = $2 AS present FROM unnest($1::text[]) AS t`, [
      FACTOR_TABLES,
      FACTOR_TABLES.length,
    ])) as { present: boolean }[];
    return rows[0]?.present === true;
  }
}
