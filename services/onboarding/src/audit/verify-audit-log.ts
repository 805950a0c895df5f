import type { AuditVerification } from '@paymarket/contracts';
import { openServiceDatabase } from '@paymarket/platform';
import { ONBOARDING_MIGRATIONS } from '../onboarding.module.js';
import { auditHash, GENESIS_HASH } from './audit-hash.js';
import { AuditLogRepository } from './audit-log.repository.js';

/** `npm run audit:verify`'s result, with the last row's hash (what an operator notes down to spot a cut tail). */
export interface AuditLogReport extends AuditVerification {
  /** The hash of the last row, or GENESIS_HASH when the trail is empty. */
  head: string;
}

const BATCH = 1000;
/** Problems listed one by one; past this, only counted (a table rewritten wholesale would print millions). */
const MAX_PROBLEMS = 1000;

/**
 * Walks the trail from seq 1 in batches and checks the chain (ADR 0075): every seq present (1, 2, …), each row's
 * prev_hash equal to its predecessor's hash, each hash equal to the one recomputed from the row. A missing row shows
 * as a gap, an edited one as a hash that does not match (or, if its hash was recomputed too, as its successor's
 * broken link). Rows removed from the end leave no trace in the chain: compare `head` with one noted before.
 */
export async function verifyAuditLog(trail: AuditLogRepository): Promise<AuditLogReport> {
  const problems: string[] = [];
  let omitted = 0;
  const problem = (line: string): void => {
    if (problems.length < MAX_PROBLEMS) problems.push(line);
    else omitted += 1;
  };
  let rows = 0;
  let expected = 1;
  let head = GENESIS_HASH;
  for (;;) {
    const batch = await trail.batchAfter(expected - 1, BATCH);
    for (const row of batch) {
      rows += 1;
      // Rows are read by seq: a seq larger than expected means the ones between are gone.
      const gap = row.seq !== expected;
      if (gap) problem(row.seq === expected + 1 ? `seq ${expected} is missing` : `seq ${expected} to ${row.seq - 1} are missing`);
      else if (row.prevHash !== head)
        problem(
          row.seq === 1
            ? `seq 1: prev_hash is not the genesis hash`
            : `seq ${row.seq}: prev_hash does not match the hash of seq ${row.seq - 1}`,
        );
      if (auditHash(row) !== row.hash) problem(`seq ${row.seq}: hash does not match the row (changed after it was appended)`);
      head = row.hash;
      expected = row.seq + 1;
    }
    if (batch.length < BATCH) break;
  }
  if (omitted > 0) problems.push(`… and ${omitted} more problem(s)`);
  return { ok: problems.length === 0, rows, problems, head };
}

/** The operator's check (`npm run audit:verify`) outside the running service: onboarding's schema at `databaseUrl`. */
export async function verifyAuditLogAt(options: { databaseUrl: string }): Promise<AuditLogReport> {
  const dataSource = await openServiceDatabase({
    url: options.databaseUrl,
    schema: 'onboarding',
    entities: [],
    migrations: ONBOARDING_MIGRATIONS,
    poolSize: 2,
  });
  try {
    return await verifyAuditLog(new AuditLogRepository(dataSource));
  } finally {
    await dataSource.destroy();
  }
}

export function formatAuditReport(report: AuditLogReport): string {
  if (report.ok) return `audit:verify: ${report.rows} rows, chain intact (head ${report.head.slice(0, 12)})\n`;
  const lines = [...report.problems.map((p) => `audit:verify: ${p}`), `audit:verify: ${report.rows} rows, chain broken`];
  return `${lines.join('\n')}\n`;
}
