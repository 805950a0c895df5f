// `npm run bench`: GET /api/sellers-showcase with 10,000 sellers. Starts the whole product (embedded mode, in this
// process) on a fresh database, inserts the sellers and some ratings straight into the catalog schema, then times a
// bounded number of requests over loopback. Prints p50/p95/p99 and exits 1 when p95 ≥ 100 ms. Not part of npm test.
import { performance } from 'node:perf_hooks';
import { buildIfNeeded } from '../infra/scripts/build-if-needed.mjs';

const SELLERS = Number(process.env.BENCH_SELLERS ?? 10_000);
const REQUESTS = Math.min(Number(process.env.BENCH_REQUESTS ?? 400), 2_000);
const WARMUP = 30;
const P95_BUDGET_MS = 100;

process.env.LOG_LEVEL ??= 'warn';
process.env.NODE_ENV ??= 'test';
buildIfNeeded();

const { default: pg } = await import('pg');
const { createTestDatabase } = await import('@paymarket/platform/testing');
const { startEmbedded } = await import('@paymarket/embedded');

const CATEGORIES = ['printing', 'design', 'merchandise', 'packaging', 'textiles', 'signage', 'promotional', 'other'];

function percentile(sorted, p) {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

const database = await createTestDatabase();
let app;
let exitCode = 1;
try {
  app = await startEmbedded({ port: 0, host: '127.0.0.1', production: false, databaseUrl: database.url, dataDir: '' });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const started = performance.now();
  await db.query(
    `INSERT INTO catalog.sellers (id, business_name, seller_name, email, phone, category, description, products, pricing, location, website, created_at, updated_at)
     SELECT gen_random_uuid(), 'Bench Seller ' || i, 'Owner ' || i, 'seller' || i || '@bench.example.com', '+1 555 010 ' || lpad((i % 10000)::text, 4, '0'),
            ($2::text[])[1 + i % 8],
            'Benchmark seller number ' || i || ' offering print, design and merchandise services to buyers everywhere.',
            'Business cards, flyers, banners and mugs', 'From $' || (10 + i % 90) || ' per order', 'City ' || (i % 500),
            CASE WHEN i % 3 = 0 THEN NULL ELSE 'https://seller' || i || '.bench.example.com' END,
            now() - (i || ' seconds')::interval, now()
     FROM generate_series(1, $1::int) AS i`,
    [SELLERS, CATEGORIES],
  );
  // About a third of the sellers have between 1 and 6 ratings.
  await db.query(
    `INSERT INTO catalog.ratings (id, seller_id, score)
     SELECT gen_random_uuid(), s.id, 1 + (abs(hashtext(s.id::text || n)) % 5)
     FROM catalog.sellers s CROSS JOIN generate_series(1, 6) AS n
     WHERE abs(hashtext(s.id::text)) % 3 = 0 AND n <= 1 + abs(hashtext(s.id::text)) % 6`,
  );
  await db.query('ANALYZE catalog.sellers; ANALYZE catalog.ratings');
  const ratings = (await db.query('SELECT count(*)::int AS n FROM catalog.ratings')).rows[0].n;
  await db.end();
  console.log(`bench: ${SELLERS} sellers and ${ratings} ratings inserted in ${Math.round(performance.now() - started)} ms`);

  const get = async (path) => {
    const t0 = performance.now();
    const res = await fetch(`${app.url}${path}`);
    const body = await res.json();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms, body };
  };

  // Cursors of the first pages, so a fifth of the timed requests read deeper pages.
  const cursors = [];
  let cursor = null;
  for (let i = 0; i < 10; i++) {
    const { body } = await get(`/api/sellers-showcase${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (body.stats.total !== SELLERS) throw new Error(`stats.total is ${body.stats.total}, expected ${SELLERS}`);
    cursor = body.nextCursor;
    if (!cursor) break;
    cursors.push(cursor);
  }
  for (let i = 0; i < WARMUP; i++) await get('/api/sellers-showcase');

  const timings = [];
  for (let i = 0; i < REQUESTS; i++) {
    const path =
      i % 5 === 4 && cursors.length > 0
        ? `/api/sellers-showcase?cursor=${encodeURIComponent(cursors[i % cursors.length])}`
        : '/api/sellers-showcase';
    timings.push((await get(path)).ms);
  }
  timings.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(timings, p));
  console.log(
    `bench: GET /api/sellers-showcase × ${REQUESTS} (sequential, loopback): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${timings.at(-1).toFixed(1)} ms`,
  );
  if (p95 >= P95_BUDGET_MS) {
    console.error(`bench: FAILED — p95 ${p95.toFixed(1)} ms is not under ${P95_BUDGET_MS} ms`);
  } else {
    console.log(`bench: OK — p95 under ${P95_BUDGET_MS} ms`);
    exitCode = 0;
  }
} catch (err) {
  console.error('bench: error', err);
} finally {
  await app?.close().catch(() => undefined);
  await database.drop().catch(() => undefined);
}
process.exit(exitCode);
