// An in-memory AuditTrail for use-case specs (ADR 0075): the rows a use case records, dropped when its transaction
// fails (pass it as one of fakeUnitOfWork's `stores` for the use cases that run in a UnitOfWork).
import type { AuditContext } from '@paymarket/contracts';
import type { AuditFact, Transaction } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { AuditTrail } from './audit-trail.js';

export type MemoryAuditRow = AuditFact & { context: AuditContext };

export class MemoryAuditTrail extends AuditTrail {
  rows: MemoryAuditRow[] = [];

  async record(_tx: Transaction, context: AuditContext, fact: AuditFact): Promise<void> {
    this.rows.push(structuredClone({ ...fact, context }));
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const restore = this.snapshot();
    const tx: Transaction = {
      manager: {} as EntityManager,
      publish: () => Promise.reject(new Error('MemoryAuditTrail publishes nothing')),
    };
    try {
      return await work(tx);
    } catch (error) {
      restore();
      throw error;
    }
  }

  /** Rollbackable (fakeUnitOfWork's `stores`): a failed unit of work records nothing. */
  snapshot(): () => void {
    const kept = this.rows.length;
    return () => {
      this.rows.length = kept;
    };
  }

  /** The rows' actions, in order: what most specs check first. */
  actions(): string[] {
    return this.rows.map((r) => r.action);
  }
}
