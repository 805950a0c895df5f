import { randomUUID } from 'node:crypto';
import type { AuditContext } from '@paymarket/contracts';
import { CreateAdminDto, summariseFieldErrors, validateDto } from '@paymarket/contracts';
import { recordAudit, ServiceError } from '@paymarket/platform';
import type { DataSource } from 'typeorm';
import { withinTransaction } from '../auth/ambient-transaction.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import type { AdminsRepository } from './admins.repository.js';
import { hashPassword } from './password-hasher.js';

/**
 * Used by `npm run admin:create`: creates an admin, or sets a new password for an existing one (ending their
 * sessions). Either is an audit row by the operator (ADR 0075: `admin.created`, `admin.password_set`), committed in
 * the transaction of the change; the stores write through it (ambient transaction).
 */
export class CreateAdminUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly admins: AdminsRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  async execute(
    raw: { email: unknown; password: unknown },
    audit: AuditContext,
  ): Promise<{ id: string; email: string; outcome: 'created' | 'updated'; sessionsEnded: number }> {
    const input = validateDto(CreateAdminDto, raw);
    if (!input.ok) throw ServiceError.invalid(summariseFieldErrors(input.errors), input.errors);
    const { email, password } = input.value;
    // Hashing is slow (scrypt): before the transaction, not while it holds its locks.
    const passwordHash = await hashPassword(password);
    return this.dataSource.transaction((manager) =>
      withinTransaction(manager, async () => {
        const existing = await this.admins.byEmail(email);
        const id = existing?.id ?? randomUUID();
        const outcome = await this.admins.upsert({ id, email, passwordHash });
        // A new password ends every session signed in with the old one.
        const sessionsEnded = outcome === 'updated' ? await this.sessions.revokeAll('admin', id, new Date()) : 0;
        await recordAudit(manager, 'onboarding', audit, {
          action: outcome === 'created' ? 'admin.created' : 'admin.password_set',
          target: { type: 'admin', id },
          companyId: null,
          before: outcome === 'created' ? null : { email },
          after: outcome === 'created' ? { email } : { email, sessionsEnded },
        });
        return { id, email, outcome, sessionsEnded };
      }),
    );
  }
}
