import { chromium } from 'playwright';
const [url, rate = '4'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(rate) });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) => { const f = n.callFrame; return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`; };
// segment samples into bursts separated by idle/program gaps
const incl = new Map(); let t = 0;
const segs = []; let cur = null;
profile.samples.forEach((id, i) => {
  const d = (profile.timeDeltas[i + 1] ?? 0) / 1000; t += (profile.timeDeltas[i] ?? 0) / 1000;
  const n = byId.get(id); const nm = n.callFrame.functionName;
  if (nm === '(idle)' || nm === '(program)' ) { if (cur && t - cur.end > 3) { segs.push(cur); cur = null; } return; }
  if (!cur) cur = { start: t, end: t, incl: new Map(), ms: 0 };
  cur.end = t; cur.ms += d;
  const seen = new Set(); let x = id;
  while (x !== undefined) { const k = name(byId.get(x)); if (!seen.has(k)) { seen.add(k); cur.incl.set(k, (cur.incl.get(k) ?? 0) + d); } x = parent.get(x); }
});
if (cur) segs.push(cur);
for (const s of segs.filter((s) => s.ms > 40)) {
  console.log(`== burst @${Math.round(s.start)} ${Math.round(s.ms)} ms`);
  for (const [k, v] of [...s.incl].sort((a, b) => b[1] - a[1]).filter(([k]) => !k.startsWith('(root)')).slice(0, 14)) console.log('   ', String(Math.round(v)).padStart(5), k);
}
await browser.close();
