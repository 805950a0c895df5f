// `npm run bench:web-trace -- <url> [--cpu N] [--stub-api] [--all]`: where the main thread of a page's load goes, from a
// Chromium performance trace (issue 24, ADR 0058). The page is loaded once to warm the browser's caches, then again
// under tracing; every main-thread task of 10 ms or more (Lighthouse's simulation keeps those and multiplies them by
// its CPU slowdown) is printed with its wall time, the CPU time the thread really got in it, and its largest parts.
// A wall time well above the CPU time means the thread was waiting (descheduled, or on a synchronous call to another
// process), which no change to the page's code removes. Needs the app running (`npm start`) or any page server.
//   --cpu N      DevTools CPU throttling (real slowing, unlike Lighthouse's simulation); default 1
//   --stub-api   answer /api/* in the browser with 401 at once, to see the page without the server's work
//   --all        print tasks from 5 ms up
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium.mjs';

const args = process.argv.slice(2);
const url = args.find((arg) => /^https?:\/\//.test(arg));
if (!url) {
  console.error('usage: npm run bench:web-trace -- <url> [--cpu N] [--stub-api] [--all]');
  process.exit(2);
}
const cpuIndex = args.indexOf('--cpu');
const cpuRate = cpuIndex >= 0 ? Number(args[cpuIndex + 1]) : 1;
const minTaskMs = args.includes('--all') ? 5 : 10;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  if (args.includes('--stub-api')) {
    await page.route('**/api/**', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"statusCode":401,"message":"Unauthorized"}' }),
    );
  }
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  await page.goto('about:blank');

  const cdp = await page.context().newCDPSession(page);
  if (cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  const events = [];
  cdp.on('Tracing.dataCollected', (event) => events.push(...event.value));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute',
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  report(events);
} finally {
  await browser.close();
}

/** The renderer main thread is the one that parsed the page's HTML. */
function report(events) {
  const parse = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(url));
  if (!parse) throw new Error(`no ParseHTML of ${url} in the trace`);
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const start = Math.min(...main.map((e) => e.ts));
  const tasks = main.filter((e) => e.name === 'RunTask' && e.dur >= minTaskMs * 1000).sort((a, b) => a.ts - b.ts);
  const total = { wall: 0, cpu: 0, blockingAt4: 0 };
  for (const task of tasks) {
    const inside = main.filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur);
    const largest = new Map();
    for (const event of inside) {
      const where = event.args?.data?.url ? ` ${new URL(event.args.data.url).pathname}` : '';
      const key = `${event.name}${where}`;
      largest.set(key, Math.max(largest.get(key) ?? 0, event.dur / 1000));
    }
    const parts = [...largest].sort((a, b) => b[1] - a[1]).slice(0, 5);
    const wall = task.dur / 1000;
    const cpu = (task.tdur ?? 0) / 1000;
    total.wall += wall;
    total.cpu += cpu;
    total.blockingAt4 += Math.max(0, 4 * wall - 50);
    console.log(
      `@${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms  wall ${wall.toFixed(1).padStart(6)}  cpu ${cpu.toFixed(1).padStart(6)}  ${parts.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | ')}`,
    );
  }
  console.log(
    `${tasks.length} tasks ≥ ${minTaskMs} ms: wall ${total.wall.toFixed(0)} ms, cpu ${total.cpu.toFixed(0)} ms; ` +
      `as Lighthouse's ×4 would count them, ~${total.blockingAt4.toFixed(0)} ms of blocking (all of them, not only those after FCP)`,
  );
}
