import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const [base, slow = '4', ...pages] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  for (const page of pages) {
    const r = await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: Number(slow) } } });
    const a = r.lhr.audits;
    console.log(`${page} score ${r.lhr.categories.performance.score} TBT ${Math.round(a['total-blocking-time'].numericValue)} FCP ${Math.round(a['first-contentful-paint'].numericValue)} LCP ${Math.round(a['largest-contentful-paint'].numericValue)} TTI ${Math.round(a['interactive']?.numericValue ?? 0)}`);
    for (const t of a['long-tasks']?.details?.items ?? []) console.log(`   long task ${Math.round(t.startTime)} +${Math.round(t.duration)} ${t.url}`);
    for (const t of (a['bootup-time']?.details?.items ?? []).slice(0, 6)) console.log(`   bootup ${t.url} total ${Math.round(t.total)} script ${Math.round(t.scripting)} parse ${Math.round(t.scriptParseCompile)}`);
    for (const t of (a['mainthread-work-breakdown']?.details?.items ?? []).slice(0, 6)) console.log(`   mt ${t.groupLabel} ${Math.round(t.duration)}`);
  }
} finally { await chrome.kill(); }
