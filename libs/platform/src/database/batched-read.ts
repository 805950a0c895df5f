import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { queryPrepared } from './prepared-query.js';

/** The largest number of keys one batched statement carries (more wait for the next batch, in the same tick). */
export const MAX_READ_BATCH = 64;

/**
 * One-row reads by key, batched (ADR 0060): the reads asked for in the same tick of the event loop (the requests
 * one socket read from RabbitMQ delivered) go to PostgreSQL as one prepared statement over an array of keys
 * (`text` takes `$1` as that array, e.g. `WHERE id = ANY($1::uuid[])`) instead of one statement each. Each read
 * still answers from PostgreSQL: nothing is cached, a key asked for twice in a batch is read once and answered to
 * both, and a read waits at most until the end of the tick it was asked in. The batch costs one round trip, one
 * execution and one row description where N reads cost N of each; on the bench's P2 that is most of catalog's and
 * PostgreSQL's CPU per read.
 *
 * `keyOf(row)` names the key a row answers (normalise keys the way PostgreSQL prints them, e.g. lowercase UUIDs:
 * `normalise` is applied to the asked key before matching). A failing statement fails every read of its batch,
 * as it would have failed each of them alone; keys must therefore be validated before they are asked for (a
 * malformed UUID would fail its neighbours too).
 */
export function batchedReads<Row, Key extends string | number = string>(
  dataSource: DataSource,
  text: string,
  keyOf: (row: Row) => Key,
  normalise: (key: Key) => Key = (key) => key,
): (key: Key) => Promise<Row | null> {
  const loader = new DataLoader<Key, Row | null>(
    async (keys) => {
      const unique = [...new Set(keys)];
      const rows = await queryPrepared<Row>(dataSource, text, [unique]);
      const byKey = new Map<Key, Row>();
      for (const row of rows) byKey.set(keyOf(row), row);
      return keys.map((key) => byKey.get(key) ?? null);
    },
    { cache: false, maxBatchSize: MAX_READ_BATCH },
  );
  return (key) => loader.load(normalise(key));
}
