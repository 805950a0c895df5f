import { chromium } from 'playwright';
const [url, rate = '1'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(rate) });
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing', transferMode: 'ReportEvents' });
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
await cdp.send('Tracing.end');
await done;
const main = events.filter((e) => e.name === 'RunTask' && e.dur > 50000 * 0 + 20000);
const agg = new Map();
for (const e of events) if (e.ph === 'X' && e.dur) agg.set(e.name, (agg.get(e.name) ?? [0, 0]).map((v, i) => v + (i ? 1 : e.dur / 1000)));
console.log([...agg].sort((a, b) => b[1][0] - a[1][0]).slice(0, 18).map(([k, [ms, n]]) => `${k} ${Math.round(ms)}ms/${n}`).join('\n'));
// long RunTasks and their top children
const t0 = events.find((e) => e.name === 'navigationStart')?.ts ?? events[0].ts;
for (const t of events.filter((e) => e.name === 'RunTask' && e.dur > 30000)) {
  const kids = events.filter((e) => e.ph === 'X' && e.tid === t.tid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.name !== 'RunTask' && e.dur > 5000);
  console.log(`task @${Math.round((t.ts - t0) / 1000)} ${Math.round(t.dur / 1000)}ms: ` + kids.slice(0, 6).map((k) => `${k.name}${k.args?.data?.url ? '(' + k.args.data.url.split('/').pop() + ')' : ''}${k.args?.data?.functionName ? '[' + k.args.data.functionName + ']' : ''} ${Math.round(k.dur / 1000)}`).join(', '));
}
await browser.close();
