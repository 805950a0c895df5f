import { Injectable, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger } from '@paymarket/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { formatReconcileReport, ReconcileWithStripe } from './reconcile-with-stripe.use-case.js';

const log = createLogger('restore-check');

const IDENTITY = 'database_identity';
const OWED = 'reconcile_since';
/**
 * How far before the restored database's newest write the reconciliation starts: Stripe's clock and ours differ a
 * little, and a PaymentIntent is made (and stamped) a moment before its order row is updated.
 */
export const RESTORE_MARGIN_MS = 15 * 60_000;
const RETRY_MS = 30_000;

/**
 * Which database this is: PostgreSQL's system identifier (the same for a physical restore of it) and the WAL
 * timeline now being written, which a point-in-time restore (pgBackRest) or a promoted standby moves to a new number.
 * The timeline comes from the current WAL file's name, not pg_control_checkpoint(), which lags until the first
 * checkpoint after the restore. Null when PostgreSQL will not say (no privilege, a standby).
 */
export async function databaseIdentity(manager: EntityManager): Promise<string | null> {
  try {
    const [row] = (await manager.query(
      `SELECT (SELECT system_identifier::text FROM pg_control_system()) AS system,
              ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int AS timeline`,
    )) as Array<{ system: string; timeline: number }>;
    return row ? `${row.system}/${row.timeline}` : null;
  } catch (err) {
    log.warn({ err }, 'cannot read the database identity; restores will not be detected');
    return null;
  }
}

/** The newest write the restored database holds, less the margin: where the reconciliation starts. */
async function reconcileFrom(manager: EntityManager): Promise<Date> {
  const [row] = (await manager.query(
    `SELECT greatest((SELECT max(updated_at) FROM orders), (SELECT max(created_at) FROM ledger_entries),
                     (SELECT max(received_at) FROM stripe_events), (SELECT max(created_at) FROM refunds)) AS newest`,
  )) as Array<{ newest: Date | null }>;
  // An empty database restored: everything Stripe has may be ours.
  return row?.newest ? new Date(row.newest.getTime() - RESTORE_MARGIN_MS) : new Date(0);
}

/**
 * Compares the database's identity with the one payments last ran on. A different one means a restore (or a
 * failover) happened, which may have lost what was written since the backup: a reconciliation from the restored
 * database's newest write is recorded as owed. Returns the owed reconciliation's start, or null. Replicas starting
 * together agree through the row lock; the first start on a database records its identity and owes nothing.
 */
export async function checkForRestore(dataSource: DataSource): Promise<Date | null> {
  return dataSource.transaction(async (manager) => {
    const identity = await databaseIdentity(manager);
    if (identity !== null) {
      const [stored] = (await manager.query(`SELECT value FROM service_state WHERE key = $1 FOR UPDATE`, [IDENTITY])) as Array<{
        value: string;
      }>;
      if (stored && stored.value !== identity) {
        const since = await reconcileFrom(manager);
        log.warn({ was: stored.value, now: identity, since: since.toISOString() }, 'the database was restored: reconciling with Stripe');
        await manager.query(`INSERT INTO service_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
          OWED,
          since.toISOString(),
        ]);
      }
      await manager.query(
        `INSERT INTO service_state (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now() WHERE service_state.value <> EXCLUDED.value`,
        [IDENTITY, identity],
      );
    }
    const [owed] = (await manager.query(`SELECT value FROM service_state WHERE key = $1`, [OWED])) as Array<{ value: string }>;
    return owed ? new Date(owed.value) : null;
  });
}

/** True while a reconciliation after a restore is owed: nothing may be paid out at Stripe until it is done. */
export async function reconcileOwed(manager: EntityManager): Promise<boolean> {
  const rows = (await manager.query(`SELECT 1 FROM service_state WHERE key = $1`, [OWED])) as unknown[];
  return rows.length > 0;
}

/** The owed reconciliation is done (unless a newer restore owes another, from another time). */
export async function reconcileDone(manager: EntityManager, since: Date): Promise<void> {
  await manager.query(`DELETE FROM service_state WHERE key = $1 AND value = $2`, [OWED, since.toISOString()]);
}

/**
 * At start, payments checks whether its database was restored (ADR 0069) and, if so, reconciles with Stripe in the
 * background while it serves: retried until one run finishes without failures, so a crash or an outage of Stripe
 * part-way leaves it owed for the next try or the next start.
 */
@Injectable()
export class RestoreCheck implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reconcile: ReconcileWithStripe,
    @Optional() private readonly retryMs: number = RETRY_MS,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const since = await checkForRestore(this.dataSource);
    if (since) this.running = this.run(since);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Resolves once the owed reconciliation finished (or the service stops); for tests and the log. */
  whenDone(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async run(since: Date): Promise<void> {
    while (!this.stopped) {
      try {
        const report = await this.reconcile.execute(since);
        log.info({ summary: formatReconcileReport(report) }, 'reconciliation after a restore');
        if (report.failed.length === 0) {
          await reconcileDone(this.dataSource.manager, since);
          return;
        }
      } catch (err) {
        log.error({ err }, 'reconciliation after a restore failed; retrying');
      }
      await new Promise<void>((resolve) => {
        this.timer = setTimeout(resolve, this.retryMs);
        this.timer.unref();
      });
    }
  }
}
