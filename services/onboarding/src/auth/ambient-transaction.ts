import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';

// The session, administrator and second-factor stores predate the audit trail and take no transaction: they write on
// the data source. A privileged change made with them must commit with its audit row (ADR 0075), so AuditTrail runs it
// inside `withinTransaction`, and those stores write through `managerOf`: the transaction's manager when there is one.
const current = new AsyncLocalStorage<EntityManager>();

/** Runs `work` with `manager` as the transaction the stores that read `managerOf` write through. */
export function withinTransaction<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  return current.run(manager, work);
}

/** The manager of the transaction under way (withinTransaction), else the data source's own. */
export function managerOf(dataSource: DataSource): EntityManager {
  return current.getStore() ?? dataSource.manager;
}
