// P5 of `npm run bench:all`: for /, /sellers, /buyer-requests and /payment, the JavaScript the page loads at start
// (gzip, from web/dist) and Lighthouse's performance score (default mobile settings, the system Chromium), plus any
// console error on a signed-out visit; the anchor is a minimal React app built with the same Vite.
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.mjs';
import { log } from '../lib/harness.mjs';
import { scenarioResult } from '../lib/report.mjs';

export const PAGES = ['/', '/sellers', '/buyer-requests', '/payment'];
/** `BENCH_LH_PAGES=/sellers,/payment`: only those pages (a quicker A/B while working; the report then covers fewer). */
const SELECTED_PAGES = process.env.BENCH_LH_PAGES ? process.env.BENCH_LH_PAGES.split(',') : PAGES;
for (const page of SELECTED_PAGES) if (!PAGES.includes(page)) throw new Error(`BENCH_LH_PAGES: ${page} is not one of ${PAGES.join(', ')}`);
/**
 * `BENCH_LH_DETAILS=1`: where the median run's main thread went, from Lighthouse's own diagnostics (script evaluation
 * per file, work by kind, the long tasks with their start, duration and script), logged after each page.
 */
const DETAILS = process.env.BENCH_LH_DETAILS === '1';
const DETAIL_AUDITS = ['bootup-time', 'mainthread-work-breakdown', 'long-tasks'];
// Issue 24: a page starts with at most 100 KB of JavaScript (gzip); the build checks the same (web/scripts/js-budget.mjs).
const JS_BUDGET_KB = 100;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Sum of the gzip sizes of the scripts a page loaded, read from `dist` by their URL paths. */
export function initialJsBytes(scriptUrls, dist) {
  let total = 0;
  for (const url of scriptUrls) {
    const file = join(dist, normalize(new URL(url).pathname).replace(/^[/\\]+/, ''));
    if (file.startsWith(dist) && existsSync(file)) total += gzipSize(file);
  }
  return total;
}

/**
 * Lighthouse's own advice against its run-to-run variance: several runs, report the median. On this 2-core machine
 * one page's score moved 0.84–0.99 between two runs a minute apart (TBT 82–580 ms), so each page (and the anchor) is
 * audited BENCH_LH_RUNS times (default 5) and the run with the median score is the figure; a console error in any
 * run counts.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 5));

/**
 * Lighthouse's simulated CPU slowdown (its mobile default is 4). Issue 24 asks the pages to hold ≥ 0.90 at 16 too, a
 * stand-in for a slow phone or a slower machine than this one: `BENCH_LH_CPU_SLOWDOWN=16 npm run bench:all -- --only P5`.
 */
const CPU_SLOWDOWN = Number(process.env.BENCH_LH_CPU_SLOWDOWN ?? 4);
const LH_CONFIG = { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } };

async function medianAudit(lighthouse, port, url) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(lighthouse, port, url));
  const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
  return { ...median, scores: runs.map((r) => r.score), consoleErrors: [...new Set(runs.flatMap((r) => r.consoleErrors))] };
}

const rangeText = (scores) =>
  scores.length > 1 ? ` (median of ${scores.length}: ${Math.min(...scores).toFixed(2)}–${Math.max(...scores).toFixed(2)})` : '';

/** One Lighthouse run; a run without a score (a runtime error under load) is retried twice. */
async function audit(lighthouse, port, url, attempt = 1) {
  const result = await auditOnce(lighthouse, port, url);
  if (result.score !== null && result.score !== undefined) return result;
  if (attempt < 3) return audit(lighthouse, port, url, attempt + 1);
  return { ...result, score: 0, consoleErrors: [...result.consoleErrors, `no performance score: ${result.runtimeError ?? 'unknown'}`] };
}

async function auditOnce(lighthouse, port, url) {
  const runner = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      onlyAudits: ['errors-in-console', 'network-requests', ...(DETAILS ? DETAIL_AUDITS : [])],
    },
    LH_CONFIG,
  );
  const lhr = runner.lhr;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((item) => item.resourceType === 'Script' && new URL(item.url).origin === new URL(url).origin)
    .map((item) => item.url);
  const consoleErrors = (lhr.audits['errors-in-console']?.details?.items ?? []).map((item) =>
    String(item.description ?? item.source ?? ''),
  );
  const value = (id) => lhr.audits[id]?.numericValue;
  return {
    score: lhr.categories.performance.score,
    runtimeError: lhr.runtimeError?.message,
    lcpMs: value('largest-contentful-paint'),
    // What the score is made of (Lighthouse 12 weights: TBT 30 %, LCP 25 %, CLS 25 %, FCP 10 %, SI 10 %).
    metrics: {
      fcpMs: value('first-contentful-paint'),
      speedIndexMs: value('speed-index'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector,
    },
    scripts,
    consoleErrors,
    details: DETAILS ? detailsText(lhr) : undefined,
  };
}

/** Lighthouse's diagnostics of one run as a few lines of text, times as Lighthouse reports them (simulated throttling scales them to its CPU slowdown). */
function detailsText(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const ms = (n) => `${Math.round(n ?? 0)}`;
  const short = (url) => String(url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(page)';
  const scripts = items('bootup-time').map(
    (i) => `${short(i.url)} ${ms(i.total)} (script ${ms(i.scripting)}, parse ${ms(i.scriptParseCompile)})`,
  );
  const work = items('mainthread-work-breakdown').map((i) => `${i.groupLabel ?? i.group} ${ms(i.duration)}`);
  const tasks = items('long-tasks').map((i) => `@${ms(i.startTime)} ${ms(i.duration)} ms ${short(i.url)}`);
  return [`  scripts (ms): ${scripts.join('; ')}`, `  main thread (ms): ${work.join('; ')}`, `  long tasks: ${tasks.join('; ')}`].join(
    '\n',
  );
}

function metricsText({ fcpMs, speedIndexMs, tbtMs, cls, lcpElement }) {
  const s = (ms) => (ms === undefined ? '?' : `${(ms / 1000).toFixed(1)} s`);
  return `FCP ${s(fcpMs)}, SI ${s(speedIndexMs)}, TBT ${Math.round(tbtMs ?? 0)} ms, CLS ${(cls ?? 0).toFixed(3)}, LCP element ${lcpElement ?? '?'}`;
}

function serveStatic(dir) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^[/\\]+/, '');
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function runLighthouse({ url, root, spec }) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const dist = join(root, 'web/dist');

  log('P5: building the minimal React anchor…');
  const { build } = await import('vite');
  const anchorDir = mkdtempSync(join(tmpdir(), 'paymarket-bench-react-'));
  await build({
    root: join(root, 'bench/anchors/minimal-react'),
    logLevel: 'error',
    build: { outDir: anchorDir, emptyOutDir: true },
    configFile: false,
  });
  const anchorServer = await serveStatic(anchorDir);
  const anchorUrl = `http://127.0.0.1:${anchorServer.address().port}/`;

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const anchor = await medianAudit(lighthouse, chrome.port, anchorUrl);
    const anchorJs = initialJsBytes(anchor.scripts, anchorDir);
    log(`P5: anchor (minimal React) score ${anchor.score}${rangeText(anchor.scores)}, ${(anchorJs / 1024).toFixed(1)} KB JS`);
    const parts = [];
    for (const page of SELECTED_PAGES) {
      log(`P5: Lighthouse ${page}…`);
      const result = await medianAudit(lighthouse, chrome.port, `${url}${page}`);
      const js = initialJsBytes(result.scripts, dist);
      const ok = result.score >= spec.goal.value && js <= JS_BUDGET_KB * 1024 && result.consoleErrors.length === 0;
      parts.push({
        name: page,
        figureText: `${result.score.toFixed(2)}${rangeText(result.scores)}, ${(js / 1024).toFixed(1)} KB JS, LCP ${(result.lcpMs / 1000).toFixed(1)} s, ${result.consoleErrors.length} console errors`,
        anchorText: anchor.score.toFixed(2),
        ratio: Math.round((result.score / anchor.score) * 1000) / 1000,
        goalText: `≥ ${spec.goal.value}, ≤ ${JS_BUDGET_KB} KB, 0 errors`,
        verdict: ok ? 'pass' : 'fail',
        score: result.score,
        scores: result.scores,
        jsGzipBytes: js,
        lcpMs: result.lcpMs,
        metrics: result.metrics,
        consoleErrors: result.consoleErrors,
      });
      log(`P5: ${page} ${parts.at(-1).figureText} (${metricsText(result.metrics)})`);
      if (result.details) log(`P5: ${page}, the median run's main thread (Lighthouse's times, at ×${CPU_SLOWDOWN}):\n${result.details}`);
    }
    const worst = Math.min(...parts.map((p) => p.score));
    return scenarioResult(spec, {
      figure: worst,
      anchor: anchor.score,
      anchorLabel: 'minimal React app',
      parts,
      notes: [
        `figure: the lowest of the four pages; anchor JS ${(anchorJs / 1024).toFixed(1)} KB gzip; Lighthouse CPU slowdown ×${CPU_SLOWDOWN}`,
      ],
    });
  } finally {
    await chrome.kill();
    anchorServer.close();
    rmSync(anchorDir, { recursive: true, force: true });
  }
}
