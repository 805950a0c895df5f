import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { IDEMPOTENCY_MESSAGES, ServiceErrorCodes, type ServiceErrorPayload } from '@paymarket/contracts';
import { ServiceError } from '../errors/service-error.js';
import { stableJson } from './stable-json.js';

export { IDEMPOTENCY_MESSAGES };

const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The caller's Idempotency-Key as an RPC message carries it (the gateway forwards the header, or nothing): absent, the
 * write runs every time; anything but a string is refused naming the header. `Idempotency.run` checks its shape.
 */
export function idempotencyKeyFrom(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw ServiceError.invalid(IDEMPOTENCY_MESSAGES.INVALID_KEY, { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.INVALID_KEY] });
  }
  return value;
}

interface Row {
  request_hash: string;
  state: 'running' | 'done';
  response: unknown;
  error: ServiceErrorPayload | null;
  stale: boolean;
}

/** How long a key answers with its first result (Stripe's window); older keys are pruned and may be used again. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

/**
 * What a keyed run answered: this call ran the work (its whole result), or a repeat got what the first run kept
 * (`keep(result)`, stored as JSON) without running anything.
 */
export type OnceOutcome<T, K = T> = { ran: true; result: T } | { ran: false; kept: K };

export interface IdempotencyOptions {
  /** How long a duplicate waits for the first request to finish. */
  waitMs?: number;
  /** A 'running' claim older than this is taken over (its process died). */
  staleAfterMs?: number;
}

/**
 * Idempotency keys for requests that create money objects. The first request with a key claims it; the work and
 * the stored result commit in one transaction; a repeat with the same body gets the stored result (or the same
 * typed error), a repeat with another body gets 422, and concurrent duplicates wait for the first instead of
 * creating a second object. A claim left by a crashed process is taken over after `staleAfterMs`; external calls
 * made by the work should pass a key derived from this one (e.g. to Stripe) so a re-run repeats nothing.
 */
export class Idempotency {
  private readonly waitMs: number;
  private readonly staleAfterMs: number;

  constructor(
    private readonly dataSource: DataSource,
    options: IdempotencyOptions = {},
  ) {
    this.waitMs = options.waitMs ?? 30_000;
    this.staleAfterMs = options.staleAfterMs ?? 60_000;
  }

  static hash(request: unknown): string {
    return createHash('sha256').update(stableJson(request)).digest('hex');
  }

  async run<T>(scope: string, key: string | undefined, request: unknown, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const outcome = await this.runKeeping(scope, key, request, work, (result) => result);
    return outcome.ran ? outcome.result : outcome.kept;
  }

  /**
   * `run`, keeping only `keep(result)` as the answer to a repeat (a result holding a secret keeps it out), and saying
   * which happened: the caller answers a repeat from what was kept (e.g. reads the secret again, or refuses).
   */
  async runKeeping<T, K>(
    scope: string,
    key: string | undefined,
    request: unknown,
    work: (manager: EntityManager) => Promise<T>,
    keep: (result: T) => K,
  ): Promise<OnceOutcome<T, K>> {
    if (key === undefined) return { ran: true, result: await this.dataSource.transaction(work) };
    if (!KEY.test(key))
      throw ServiceError.invalid(IDEMPOTENCY_MESSAGES.INVALID_KEY, { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.INVALID_KEY] });
    const hash = Idempotency.hash(request);
    const deadline = Date.now() + this.waitMs;

    for (;;) {
      const claimed = (await this.dataSource.query(
        `INSERT INTO idempotency_keys (scope, key, request_hash, state) VALUES ($1, $2, $3, 'running')
         ON CONFLICT (scope, key) DO UPDATE SET updated_at = now(), request_hash = EXCLUDED.request_hash
           WHERE idempotency_keys.state = 'running' AND idempotency_keys.request_hash = EXCLUDED.request_hash
             AND idempotency_keys.updated_at < now() - ($4 || ' milliseconds')::interval
         RETURNING key`,
        [scope, key, hash, String(this.staleAfterMs)],
      )) as unknown[];
      if (claimed.length > 0) return { ran: true, result: await this.execute(scope, key, work, keep) };

      const rows = (await this.dataSource.query(
        `SELECT request_hash, state, response, error, updated_at < now() - ($3 || ' milliseconds')::interval AS stale
           FROM idempotency_keys WHERE scope = $1 AND key = $2`,
        [scope, key, String(this.staleAfterMs)],
      )) as Row[];
      const row = rows[0];
      if (!row) continue; // released by a failed first attempt: claim it now
      if (row.request_hash !== hash) {
        throw new ServiceError(ServiceErrorCodes.UNPROCESSABLE, IDEMPOTENCY_MESSAGES.BODY_MISMATCH, {
          'Idempotency-Key': [IDEMPOTENCY_MESSAGES.BODY_MISMATCH],
        });
      }
      if (row.state === 'done') {
        if (row.error) throw new ServiceError(row.error.code, row.error.message, row.error.fields);
        return { ran: false, kept: row.response as K };
      }
      if (Date.now() > deadline) throw new ServiceError(ServiceErrorCodes.CONFLICT, IDEMPOTENCY_MESSAGES.IN_PROGRESS);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * Deletes keys last touched more than the retention ago (answered, or claimed by a process that died), a bounded
   * batch at a time; the platform calls it hourly in every service. Returns how many were deleted.
   */
  async prune(batch = 5_000): Promise<number> {
    const [, deleted] = (await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE ctid IN (
         SELECT ctid FROM idempotency_keys WHERE updated_at < now() - ($1 || ' hours')::interval LIMIT $2)`,
      [String(IDEMPOTENCY_RETENTION_HOURS), batch],
    )) as [unknown, number];
    return deleted;
  }

  private async execute<T, K>(
    scope: string,
    key: string,
    work: (manager: EntityManager) => Promise<T>,
    keep: (result: T) => K,
  ): Promise<T> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const result = await work(manager);
        await manager.query(`UPDATE idempotency_keys SET state = 'done', response = $3, updated_at = now() WHERE scope = $1 AND key = $2`, [
          scope,
          key,
          stableJson(keep(result) ?? null),
        ]);
        return result;
      });
    } catch (err) {
      if (err instanceof ServiceError) {
        // A refusal is an answer too: the same request replays the same error.
        const payload = err.getError() as ServiceErrorPayload;
        await this.dataSource.query(
          `UPDATE idempotency_keys SET state = 'done', error = $3, updated_at = now() WHERE scope = $1 AND key = $2`,
          [scope, key, JSON.stringify(payload)],
        );
      } else {
        // Unexpected failure: release the key so a retry can run the work again.
        await this.dataSource.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND state = 'running'`, [scope, key]);
      }
      throw err;
    }
  }
}
