import type { DataSource } from 'typeorm';
import { databaseIsUp } from '../database/service-database.js';
import { markServiceRunning, registerOutboxStats } from './metrics.js';
import { registerReadiness } from './ops-server.js';

const consuming = new Map<string, boolean>();

/** Set by startServiceApp once the service consumes its queue, and when its broker connection drops or returns. */
export function setConsuming(service: string, value: boolean): void {
  consuming.set(service, value);
}

/** Unsent outbox rows and the age of the oldest: one indexed query (the partial index outbox_unsent). */
export async function readOutboxStats(dataSource: DataSource): Promise<{ backlog: number; oldestAgeSeconds: number }> {
  const rows = (await dataSource.query(
    `SELECT count(*)::int AS backlog,
            COALESCE(EXTRACT(EPOCH FROM now() - min(occurred_at)), 0)::float8 AS age
       FROM outbox WHERE sent_at IS NULL`,
  )) as { backlog: number; age: number }[];
  return { backlog: Number(rows[0]?.backlog ?? 0), oldestAgeSeconds: Math.max(0, Number(rows[0]?.age ?? 0)) };
}

/**
 * What a service adds to its process's ops port: `paymarket_process_info`, its outbox gauges and a readiness
 * condition (its database answers and it consumes). Returns the removal, called when the service shuts down.
 */
export function observeService(service: string, dataSource: DataSource): () => void {
  const undo = [
    markServiceRunning(service),
    registerOutboxStats(service, () => readOutboxStats(dataSource)),
    registerReadiness(service, async () => consuming.get(service) === true && (await databaseIsUp(dataSource))),
  ];
  return () => {
    consuming.delete(service);
    for (const fn of undo) fn();
  };
}
