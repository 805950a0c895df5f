// P1, P4, P5, P6 and P7 of `npm run bench:all`: the product in embedded mode as a child process (its own data folder
// under the OS temp dir, kept between runs so only the first run pays initdb), each figure beside its anchor.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { URLSearchParams } from 'node:url';
import pg from 'pg';
import { benchBuyerSession } from '../lib/buyer-session.mjs';
import { freePort, load, loadSideBySide, log, spawnNode, stopChild, waitForHttp } from '../lib/harness.mjs';
import { scenarioResult, skippedResult, SCENARIOS, verdict } from '../lib/report.mjs';
import { runInteraction } from './interaction.mjs';
import { runLighthouse } from './web.mjs';

const spec = (id) => SCENARIOS.find((s) => s.id === id);
const SELLERS = 10_000;
const REQUESTS = 100_000;

export async function embeddedScenarios({ root, duration, connections, only }) {
  const results = [];
  const base = join(tmpdir(), 'paymarket-bench-all');
  const dataDir = join(base, 'postgres');
  mkdirSync(base, { recursive: true });
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PAYMARKET_DATA_DIR: dataDir,
    METRICS_PORT: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DATABASE_URL: '',
    STRIPE_SECRET_KEY: '',
    REDIS_URL: '',
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
  };
  for (const key of ['DATABASE_URL', 'STRIPE_SECRET_KEY', 'REDIS_URL', 'OTEL_EXPORTER_OTLP_ENDPOINT']) delete env[key];
  const url = `http://127.0.0.1:${port}`;
  const entry = join(root, 'infra/embedded/dist/main.js');

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log('embedded: first run, initialising the benchmark data folder (not timed)…');
    const init = spawnNode([entry], { env, cwd: root });
    await waitForHttp(`${url}/api/health/ready`, { child: init, timeoutMs: 180_000 });
    await stopChild(init);
  }

  // P6: spawn to /api/health/ready answering 200, built, data folder initialised.
  log('P6: cold start of embedded mode…');
  const t0 = performance.now();
  const app = spawnNode([entry], { env, cwd: root });
  try {
    await waitForHttp(`${url}/api/health/ready`, { child: app, timeoutMs: 180_000, intervalMs: 10 });
    const coldStart = (performance.now() - t0) / 1000;
    const anchorStart = await anchorColdStart(root);
    results.push(
      scenarioResult(spec('P6'), {
        figure: coldStart,
        anchor: anchorStart,
        anchorLabel: 'minimal Nest app',
        notes: ['figure: spawn → /api/health/ready 200 (embedded PostgreSQL, 5 services, gateway, emulator)'],
      }),
    );
    log(`P6: ${coldStart.toFixed(2)} s to ready (anchor ${anchorStart.toFixed(2)} s)`);

    const lock = JSON.parse(readFileSync(join(dataDir, 'paymarket.lock'), 'utf8'));
    const databaseUrl = `postgres://postgres@127.0.0.1:${lock.port}/paymarket`;
    await ensureDataset(databaseUrl);

    if (!only || only.includes('P1')) results.push(await p1(url, root, { duration, connections }));
    if (!only || only.includes('P4')) results.push(await p4(url, { duration, connections }));
    const wants = (id) => !only || only.includes(id);
    const buyer = wants('P5') || wants('P7') ? await signedInBuyer(url) : undefined;
    if (wants('P5')) {
      try {
        results.push(await runLighthouse({ url, root, spec: spec('P5'), buyer }));
      } catch (err) {
        results.push(skippedResult(spec('P5'), `lighthouse failed: ${String(err?.message ?? err).split('\n')[0]}`));
      }
    }
    if (wants('P7')) {
      try {
        results.push(await runInteraction({ url, root, spec: spec('P7'), buyer }));
      } catch (err) {
        results.push(skippedResult(spec('P7'), `interaction timing failed: ${String(err?.message ?? err).split('\n')[0]}`));
      }
    }
  } finally {
    await stopChild(app);
  }
  return results;
}

/**
 * The signed-in buyer P5 and P7 share (bench/lib/buyer-session.mjs): `{ cookie, email }`, or `{ error }` when the
 * sign-in failed, so the visitor's pages are still measured and the buyer's fail with the reason.
 */
async function signedInBuyer(url) {
  try {
    return await benchBuyerSession(url);
  } catch (err) {
    const error = `buyer sign-in failed: ${String(err?.message ?? err).split('\n')[0]}`;
    log(error);
    return { error };
  }
}

async function anchorColdStart(root) {
  const port = await freePort();
  const file = join(tmpdir(), 'paymarket-bench-all', 'anchor-cold.json');
  writeFileSync(file, '{"ok":true}');
  const t0 = performance.now();
  const anchor = spawnNode([join(root, 'bench/anchors/nest-json.mjs'), String(port), file, '/ready'], { cwd: root });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/ready`, { child: anchor, intervalMs: 10 });
    return (performance.now() - t0) / 1000;
  } finally {
    await stopChild(anchor);
  }
}

async function ensureDataset(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const sellers = (await db.query(`SELECT count(*)::int AS n FROM catalog.sellers WHERE email LIKE '%@bench.example.com'`)).rows[0].n;
    if (sellers !== SELLERS) {
      log(`dataset: inserting ${SELLERS.toLocaleString('en')} sellers…`);
      await db.query(
        `DELETE FROM catalog.ratings WHERE seller_id IN (SELECT id FROM catalog.sellers WHERE email LIKE '%@bench.example.com')`,
      );
      await db.query(`DELETE FROM catalog.sellers WHERE email LIKE '%@bench.example.com'`);
      await db.query(
        `INSERT INTO catalog.sellers (id, business_name, seller_name, email, phone, category, description, products, pricing, location, website, created_at, updated_at)
         SELECT gen_random_uuid(), 'Bench Seller ' || i, 'Owner ' || i, 'seller' || i || '@bench.example.com', '+1 555 010 ' || lpad((i % 10000)::text, 4, '0'),
                ($2::text[])[1 + i % 8],
                'Benchmark seller number ' || i || ' offering print, design and merchandise services to buyers everywhere.',
                'Business cards, flyers, banners and mugs', 'From $' || (10 + i % 90) || ' per order', 'City ' || (i % 500),
                CASE WHEN i % 3 = 0 THEN NULL ELSE 'https://seller' || i || '.bench.example.com' END,
                now() - (i || ' seconds')::interval, now()
         FROM generate_series(1, $1::int) AS i`,
        [SELLERS, ['printing', 'design', 'merchandise', 'packaging', 'textiles', 'signage', 'promotional', 'other']],
      );
      await db.query(
        `INSERT INTO catalog.ratings (id, seller_id, score)
         SELECT gen_random_uuid(), s.id, 1 + (abs(hashtext(s.id::text || n)) % 5)
         FROM catalog.sellers s CROSS JOIN generate_series(1, 6) AS n
         WHERE s.email LIKE '%@bench.example.com' AND abs(hashtext(s.id::text)) % 3 = 0 AND n <= 1 + abs(hashtext(s.id::text)) % 6`,
      );
      await db.query('ANALYZE catalog.sellers; ANALYZE catalog.ratings');
    }
    const requests = (await db.query(`SELECT count(*)::int AS n FROM requests.buyer_requests WHERE buyer_id LIKE 'bench-buyer-%'`)).rows[0]
      .n;
    if (requests !== REQUESTS) {
      log(`dataset: inserting ${REQUESTS.toLocaleString('en')} buyer requests…`);
      await db.query(`DELETE FROM requests.buyer_requests WHERE buyer_id LIKE 'bench-buyer-%'`);
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
                (1 + i % 8) || ' weeks', 'City ' || (i % 300),
                'bench-buyer-' || (i % 5000), 'bench-buyer-' || (i % 5000) || '@example.com', 'Bench Buyer ' || (i % 5000),
                now() - (($4::int - i) || ' seconds')::interval, now()
           FROM generate_series(1, $4::int) AS i`,
        [PRODUCTS, ADJECTIVES, BOARD_CATEGORIES, REQUESTS],
      );
      await db.query(`UPDATE requests.buyer_requests SET deleted_at = now() WHERE buyer_id LIKE 'bench-buyer-%' AND seq % 29 = 0`);
      await db.query('ANALYZE requests.buyer_requests');
    }
  } finally {
    await db.end();
  }
}

const BOARD_CATEGORIES = [
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

async function p1(url, root, { duration, connections }) {
  log('P1: cached public read (GET /api/sellers-showcase) vs a minimal Nest app serving the same JSON…');
  const first = await fetch(`${url}/api/sellers-showcase`);
  const text = await first.text();
  if (first.status !== 200) throw new Error(`GET /api/sellers-showcase answered ${first.status}: ${text.slice(0, 200)}`);
  const file = join(tmpdir(), 'paymarket-bench-all', 'showcase.json');
  writeFileSync(file, text);
  const port = await freePort();
  const anchor = spawnNode([join(root, 'bench/anchors/nest-json.mjs'), String(port), file], { cwd: root });
  let figure;
  let anchorRun;
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/sellers-showcase`, { child: anchor });
    const same = await (await fetch(`http://127.0.0.1:${port}/api/sellers-showcase`)).text();
    if (JSON.stringify(JSON.parse(same)) !== JSON.stringify(JSON.parse(text))) throw new Error('the anchor does not serve the same JSON');
    ({ figure, anchor: anchorRun } = await loadSideBySide({
      figure: { url: `${url}/api/sellers-showcase` },
      anchor: { url: `http://127.0.0.1:${port}/api/sellers-showcase` },
      connections,
      duration,
    }));
  } finally {
    await stopChild(anchor);
  }
  log(`P1: ${figure.rps.toFixed(0)} req/s vs ${anchorRun.rps.toFixed(0)} req/s (${(text.length / 1024).toFixed(1)} KiB page)`);
  return scenarioResult(SCENARIOS[0], {
    figure: figure.rps,
    anchor: anchorRun.rps,
    anchorLabel: 'Nest+Fastify JSON',
    latency: figure.latency,
    anchorLatency: anchorRun.latency,
    notes: [
      `${connections} connections, ${duration} s in alternating slices (req/s per slice ${figure.slices.join('/')} vs ${anchorRun.slices.join('/')}); non-2xx ${figure.non2xx}, errors ${figure.errors}; page ${text.length} bytes`,
      `CPU in cores while PayMarket ran: ${figure.cpu}`,
      `CPU in cores while the anchor ran: ${anchorRun.cpu}`,
    ],
  });
}

async function p4(url, { duration, connections }) {
  log(`P4: showcase and requests board under ${connections} clients…`);
  const cursors = [];
  let cursor;
  for (let i = 0; i < 10; i++) {
    const body = await (await fetch(`${url}/api/sellers-showcase${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)).json();
    cursor = body.nextCursor;
    if (!cursor) break;
    cursors.push(cursor);
  }
  // The mix of `npm run bench`: four first pages, then one deeper page.
  const showcaseRequests = [];
  for (let i = 0; i < 50; i++) {
    showcaseRequests.push({
      method: 'GET',
      path:
        i % 5 === 4 && cursors.length > 0
          ? `/api/sellers-showcase?cursor=${encodeURIComponent(cursors[i % cursors.length])}`
          : '/api/sellers-showcase',
    });
  }
  const boardRequests = [];
  for (let i = 0; i < 60; i++) {
    const params = new URLSearchParams({
      q: PRODUCTS[(i * 7) % PRODUCTS.length].split(' ')[0],
      category: BOARD_CATEGORIES[(i * 3) % BOARD_CATEGORIES.length],
      budget: BUDGETS[i % BUDGETS.length],
    });
    boardRequests.push({ method: 'GET', path: `/api/buyer-requests?${params}` });
  }
  const showcase = await load({ url, requests: showcaseRequests, connections, duration });
  const board = await load({ url, requests: boardRequests, connections, duration });
  const part = (name, run) => ({
    name: `${name}: ${Math.round(run.rps)} req/s`,
    figureText: `p95 ${run.latency.p95?.toFixed(1)} ms`,
    latencyText: `${run.latency.p50?.toFixed(1)}/${run.latency.p99?.toFixed(1)}`,
    goalText: 'p95 ≤ 100 ms',
    verdict: run.non2xx > 0 || run.errors > 0 ? 'fail' : verdict({ kind: 'max', value: 100 }, { figure: run.latency.p95 }),
    rps: run.rps,
    latency: run.latency,
    non2xx: run.non2xx,
    errors: run.errors,
  });
  const worst = Math.max(showcase.latency.p95, board.latency.p95);
  log(`P4: showcase p95 ${showcase.latency.p95.toFixed(1)} ms, board p95 ${board.latency.p95.toFixed(1)} ms`);
  return scenarioResult(SCENARIOS[3], {
    figure: worst,
    latency: showcase.latency.p95 >= board.latency.p95 ? showcase.latency : board.latency,
    parts: [part('showcase (1 in 5 deeper pages)', showcase), part('requests board (q + category + budget)', board)],
    notes: [`${connections} connections, ${duration} s each; 10,000 sellers, 100,000 requests`],
  });
}
