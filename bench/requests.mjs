// `npm run bench:requests`: the buyer requests board with 100,000 requests must answer a filtered first page
// (q + category + budget) in under 100 ms at p95. Starts the whole product (embedded mode) on a fresh database,
// bulk-inserts the requests with SQL, then times sequential GETs over loopback. Exits 1 when p95 >= 100 ms.
// Not part of `npm test`. Env: BENCH_ROWS (100000), BENCH_REQUESTS (400), BENCH_P95_MS (100).
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { URLSearchParams } from 'node:url';
import { join } from 'node:path';
import pg from 'pg';
import { buildIfNeeded } from '../infra/scripts/build-if-needed.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARMUP = 40;
const P95_LIMIT_MS = Number(process.env.BENCH_P95_MS ?? 100);

process.env.PAYMARKET_TEST_DATA_DIR ??= join(tmpdir(), 'paymarket-bench-postgres');
process.env.LOG_LEVEL ??= 'warn';

buildIfNeeded();
const { createTestDatabase, testMessagingRuntime } = await import('@paymarket/platform/testing');
const { startEmbedded } = await import('@paymarket/embedded');

const CATEGORIES = [
  'business-cards',
  'marketing-materials',
  'apparel-printing',
  'signs-banners',
  'packaging',
  'promotional-products',
  'design-services',
  'other',
];
const PRODUCTS = [
  'business cards',
  'flyers',
  'vinyl banner',
  't-shirts',
  'gift boxes',
  'stickers',
  'logo design',
  'brochures',
  'posters',
  'mugs',
  'tote bags',
  'menus',
  'invitations',
  'labels',
  'yard signs',
  'hoodies',
  'catalogues',
  'postcards',
  'notebooks',
  'caps',
];
const ADJECTIVES = ['matte', 'glossy', 'recycled', 'premium', 'rush', 'eco', 'embossed', 'foil', 'bulk', 'custom'];
const BUDGETS = ['under-100', '100-500', 'over-500'];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const database = await createTestDatabase();
let app;
const db = new pg.Client({ connectionString: database.url });
try {
  app = await startEmbedded({
    port: 0,
    host: '127.0.0.1',
    production: false,
    databaseUrl: database.url,
    dataDir: '',
    messaging: testMessagingRuntime(),
  });
  await db.connect();

  console.log(`bench:requests — inserting ${ROWS.toLocaleString('en')} buyer requests…`);
  const started = performance.now();
  // Same columns the service writes; budget_min_cents is the parsed first number of the budget text (in cents).
  await db.query(
    `INSERT INTO requests.buyer_requests (id, title, description, category, budget, budget_min_cents, timeline, location,
       buyer_id, buyer_email, buyer_name, created_at, updated_at)
     SELECT gen_random_uuid(),
            initcap(($2::text[])[1 + (i * 7) % 10]) || ' ' || ($1::text[])[1 + (i * 13) % 20] || ' #' || i,
            'Need ' || (50 + i % 950) || ' ' || ($1::text[])[1 + (i * 3) % 20] || ', ' || ($2::text[])[1 + (i * 11) % 10] ||
              ' finish, delivered to our shop. Reference ' || md5(i::text),
            ($3::text[])[1 + i % 8],
            '$' || (i * 37) % 2000 || ' - $' || ((i * 37) % 2000 + 200),
            ((i * 37) % 2000) * 100,
            (1 + i % 8) || ' weeks',
            'City ' || (i % 300),
            'bench-buyer-' || (i % 5000),
            'bench-buyer-' || (i % 5000) || '@example.com',
            'Bench Buyer ' || (i % 5000),
            now() - (($4::int - i) || ' seconds')::interval,
            now()
       FROM generate_series(1, $4::int) AS i`,
    [PRODUCTS, ADJECTIVES, CATEGORIES, ROWS],
  );
  // Soft-deleted rows must stay out of every answer; a few percent of them keeps the partial indexes honest.
  await db.query(`UPDATE requests.buyer_requests SET deleted_at = now() WHERE seq % 29 = 0`);
  await db.query('ANALYZE requests.buyer_requests');
  const visible = Number((await db.query('SELECT count(*) FROM requests.buyer_requests WHERE deleted_at IS NULL')).rows[0].count);
  console.log(`  inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const queries = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const params = new URLSearchParams({
      q: PRODUCTS[(i * 7) % PRODUCTS.length].split(' ')[0],
      category: CATEGORIES[(i * 3) % CATEGORIES.length],
      budget: BUDGETS[i % BUDGETS.length],
    });
    queries.push(`${app.url}/api/buyer-requests?${params}`);
  }

  const timings = [];
  let matched = 0;
  for (const [index, url] of queries.entries()) {
    const t0 = performance.now();
    const response = await fetch(url);
    const body = await response.json();
    const elapsed = performance.now() - t0;
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${JSON.stringify(body)}`);
    if (body.stats.total !== visible) throw new Error(`the board reports ${body.stats.total} requests, not ${visible}`);
    if (index >= WARMUP) {
      timings.push(elapsed);
      matched += body.requests.length;
    }
  }
  timings.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(timings, p));
  console.log(`  ${REQUESTS} filtered first pages (q + category + budget), ${(matched / REQUESTS).toFixed(1)} cards each on average`);
  console.log(`  p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   max ${timings.at(-1).toFixed(1)} ms`);
  if (p95 >= P95_LIMIT_MS) {
    console.error(`bench:requests FAILED: p95 ${p95.toFixed(1)} ms is not under ${P95_LIMIT_MS} ms`);
    process.exitCode = 1;
  } else {
    console.log(`bench:requests passed: p95 under ${P95_LIMIT_MS} ms`);
  }
} catch (err) {
  console.error('bench:requests failed to run:', err);
  process.exitCode = 1;
} finally {
  await db.end().catch(() => undefined);
  await app?.close();
  await database.drop();
}
