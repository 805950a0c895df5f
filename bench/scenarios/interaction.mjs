// P7 of `npm run bench:all` (issue 34): how long the first tap on a page takes to show its answer on a phone. For each
// case of bench/lib/web-pages.mjs (the phone menu on / and /sellers, "Post New Request" on /buyer-requests, the account
// menu signed in on /orders) and for the same menu on the minimal React anchor, in the same run: a fresh browser
// context at 390 × 844 with touch, DevTools CPU throttling ×4, the page loaded, 1 s, then one tap through CDP. The
// time is the page's own: the pointerdown's event.timeStamp to the end of the first frame that shows the answer.
/* global document, window, performance, requestAnimationFrame, MutationObserver, MessageChannel, getComputedStyle, addEventListener, clearTimeout */
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.mjs';
import { log } from '../lib/harness.mjs';
import { median, scenarioResult } from '../lib/report.mjs';
import { P7_ANCHOR_CASE, P7_CASES as ALL_CASES } from '../lib/web-pages.mjs';
import { RUNS, startReactAnchor } from './web.mjs';

/**
 * `BENCH_P7_CASES=menu,Post`: only the cases whose name contains one of those words (a quicker A/B while working; the
 * report then covers those cases only).
 */
const P7_CASES = selectCases(process.env.BENCH_P7_CASES);

function selectCases(list) {
  if (!list) return ALL_CASES;
  const words = list
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  const cases = ALL_CASES.filter((testCase) => words.some((word) => testCase.name.includes(word)));
  if (cases.length === 0) throw new Error(`BENCH_P7_CASES: no case's name contains ${words.join(' or ')}`);
  return cases;
}

/** Issue 34: at 390 px, a phone held upright (844 px tall), at Lighthouse's device pixel ratio for its mobile profile. */
const DEVICE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** Lighthouse's mobile CPU slowdown, here real (DevTools throttling of the renderer) rather than simulated. */
const CPU_SLOWDOWN = 4;
/** The tap comes this long after the load event: the first interaction of someone who has just seen the page. */
const IDLE_BEFORE_TAP_MS = 1000;
/** A run whose answer has not shown this long after the tap fails (so does one whose target never shows). */
const TIMEOUT_MS = 10_000;
const GOAL_MS = 200;

/**
 * In the page, before the tap: answers (on `window.__benchTap`) a promise of the time from the first pointerdown to the
 * end of the first frame that shows `result`. A MutationObserver notices the answer entering the DOM; the next
 * animation frame's callback confirms it is laid out and visible (so that frame paints it), and a MessageChannel task
 * posted from there runs after that frame: "the next paint" as a page can know it. event.timeStamp is when the input
 * was created, so time the main thread was busy before the handler counts, as it does for a person.
 */
function armTapTiming({ result, timeoutMs }) {
  const visible = () => {
    const element = document.querySelector(result);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  window.__benchTap = new Promise((resolve, reject) => {
    if (document.querySelector(result)) return reject(new Error(`${result} is on the page before the tap`));
    let down;
    let up;
    let inDom;
    let checking = false;
    const clicks = { trusted: 0, script: 0 };
    /** What the page looked like when the answer never showed, for whoever fixes it. */
    const diagnosis = () => {
      const target = window.__benchTarget;
      const seen = inDom === undefined ? 'it never entered the DOM' : `it entered the DOM at ${Math.round(inDom - down)} ms and left`;
      const tapped = !target?.isConnected
        ? 'the tapped element is gone'
        : `the tapped element has aria-expanded=${target.getAttribute('aria-expanded')}`;
      return `${seen}; ${tapped}; clicks seen by the document: ${clicks.trusted} from the browser, ${clicks.script} from script`;
    };
    const fail = (message) => {
      observer.disconnect();
      reject(new Error(message));
    };
    const timer = setTimeout(
      () =>
        fail(
          down === undefined
            ? 'no pointerdown reached the page'
            : `${result} was not shown within ${timeoutMs / 1000} s of the tap (${diagnosis()})`,
        ),
      timeoutMs,
    );
    const afterThisFrame = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        resolve({ ms: performance.now() - down, inDomMs: inDom - down, upMs: up - down });
      };
      channel.port2.postMessage(null);
    };
    const check = () => {
      checking = false;
      if (visible()) {
        observer.disconnect();
        afterThisFrame();
      } else if (document.querySelector(result)) {
        checking = true;
        requestAnimationFrame(check);
      }
    };
    const observer = new MutationObserver(() => {
      if (checking || !document.querySelector(result)) return;
      inDom ??= performance.now();
      checking = true;
      requestAnimationFrame(check);
    });
    const onDown = (event) => {
      down = event.timeStamp;
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    };
    addEventListener('pointerdown', onDown, { capture: true, once: true, passive: true });
    addEventListener('pointerup', (event) => (up ??= event.timeStamp), { capture: true, passive: true });
    // On the document, so a click the page holds at the window until it has hydrated (ADR 0063) is not counted.
    document.addEventListener('click', (event) => (event.isTrusted ? clicks.trusted++ : clicks.script++), { capture: true, passive: true });
  });
  // The bench awaits it after the tap; until then a rejection must not count as unhandled.
  window.__benchTap.catch(() => {});
}

/**
 * In the page: the first of `targets` that is shown (a selector, and the visible text it must contain if given),
 * scrolled into view if it is not: its centre in CSS pixels and how it is labelled. Null when none is shown yet.
 */
function locateTarget(targets) {
  for (const { selector, text } of targets) {
    for (const element of document.querySelectorAll(selector)) {
      if (text && !element.textContent.includes(text)) continue;
      let box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      const scrolled = box.top < 0 || box.bottom > window.innerHeight;
      if (scrolled) {
        element.scrollIntoView({ block: 'center' });
        box = element.getBoundingClientRect();
      }
      const label = element.getAttribute('aria-label') ?? element.textContent.trim();
      window.__benchTarget = element;
      return { x: box.left + box.width / 2, y: box.top + box.height / 2, label, scrolled };
    }
  }
  return null;
}

/** How the page came: hydrated on first use (a visitor's complete view, ADR 0062), or its app started at load. */
const viewKind = () => document.querySelector('meta[name="paymarket-hydrate"]')?.getAttribute('content') ?? 'app at load';

/** The target once shown; `late`: it was not there at the first look, 1 s after load. */
async function waitForTarget(page, targets) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (let late = false; ; late = true) {
    const target = await page.evaluate(locateTarget, targets);
    if (target) return { ...target, late };
    if (Date.now() > deadline) throw new Error(`no ${targets.map((t) => t.selector).join(' or ')} shown within ${TIMEOUT_MS / 1000} s`);
    await page.waitForTimeout(50);
  }
}

/**
 * One run of one case in a fresh context (nothing cached, no storage: every run is a first visit, like Lighthouse's):
 * the page at ×4 CPU, 1 s after its load event, one tap (CDP `Input.dispatchTouchEvent` start and end, so the
 * browser makes the pointer, touch and click events itself) at the target's centre.
 */
async function timeTap(browser, baseUrl, testCase, cookie) {
  const context = await browser.newContext(DEVICE);
  try {
    if (cookie) {
      const at = cookie.indexOf('=');
      await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: baseUrl }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(new URL(testCase.page, baseUrl).href, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(IDLE_BEFORE_TAP_MS);
    const started = Date.now();
    const target = await waitForTarget(page, testCase.targets);
    const waitedMs = target.late ? Date.now() - started : 0;
    if (target.scrolled) await page.waitForTimeout(100);
    await page.evaluate(armTapTiming, { result: testCase.result, timeoutMs: TIMEOUT_MS });
    await page.touchscreen.tap(target.x, target.y);
    const timing = await page.evaluate(() => window.__benchTap);
    return { ...timing, target: target.label, waitedMs, view: await page.evaluate(viewKind) };
  } finally {
    await context.close();
  }
}

/** A case's runs so far: times, failures, what was tapped and how the page came. */
const emptyRuns = () => ({ times: [], inDom: [], failures: [], targets: new Set(), views: new Set(), waited: [] });

async function runOnce(browser, baseUrl, testCase, cookie, runs, round) {
  try {
    const r = await timeTap(browser, baseUrl, testCase, cookie);
    runs.times.push(r.ms);
    runs.inDom.push(r.inDomMs);
    runs.targets.add(r.target);
    runs.views.add(r.view);
    if (r.waitedMs > 0) runs.waited.push(r.waitedMs);
    log(
      `P7: ${testCase.name}, run ${round}: ${Math.round(r.ms)} ms (released at ${Math.round(r.upMs)}, in the DOM at ${Math.round(r.inDomMs)}; ` +
        `tapped "${r.target}", ${r.view})`,
    );
  } catch (err) {
    const message = String(err?.message ?? err).split('\n')[0];
    runs.failures.push(message);
    log(`P7: ${testCase.name}, run ${round} failed: ${message}`);
  }
}

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');
const rangeText = (times) => (times.length > 1 ? ` (${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))})` : '');

/** The table's cell stays a line; the notes carry whole messages. */
const short = (text, length = 70) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

function casePart(testCase, runs, anchorMs) {
  const medianMs = median(runs.times);
  const failed = runs.failures.length;
  const figureText =
    runs.times.length === 0
      ? short(`no run succeeded: ${runs.failures[0]}`)
      : `${ms(medianMs)}${rangeText(runs.times)}, in the DOM at ${ms(median(runs.inDom))}${failed ? `, ${failed} of ${failed + runs.times.length} runs failed` : ''}`;
  return {
    name: testCase.name,
    figureText,
    anchorText: ms(anchorMs),
    ratio: Number.isFinite(medianMs) && anchorMs > 0 ? Math.round((medianMs / anchorMs) * 1000) / 1000 : null,
    goalText: `≤ ${GOAL_MS} ms`,
    verdict: failed === 0 && medianMs <= GOAL_MS ? 'pass' : 'fail',
    medianMs: medianMs ?? null,
    timesMs: runs.times.map(Math.round),
    inDomMs: runs.inDom.map(Math.round),
    failures: runs.failures,
    tapped: [...runs.targets],
    views: [...runs.views],
  };
}

/**
 * P7. `buyer`: the bench buyer's session, `{ cookie }`, or `{ error }` (the signed-in case then fails with it). The
 * rounds interleave the anchor and every case, so whatever else loads the machine falls on all of them alike.
 */
export async function runInteraction({ url, root, spec, buyer }) {
  const anchorApp = await startReactAnchor(root, 'P7');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const anchorRuns = emptyRuns();
    const caseRuns = P7_CASES.map(() => emptyRuns());
    for (let round = 1; round <= RUNS; round++) {
      await runOnce(browser, anchorApp.url, P7_ANCHOR_CASE, undefined, anchorRuns, round);
      for (const [i, testCase] of P7_CASES.entries()) {
        if (testCase.viewer === 'buyer' && !buyer?.cookie) {
          if (round === 1) caseRuns[i].failures.push(buyer?.error ?? 'no buyer session');
          continue;
        }
        await runOnce(browser, url, testCase, testCase.viewer === 'buyer' ? buyer.cookie : undefined, caseRuns[i], round);
      }
    }
    const anchorMs = median(anchorRuns.times);
    const parts = P7_CASES.map((testCase, i) => casePart(testCase, caseRuns[i], anchorMs));
    const medians = parts.map((p) => p.medianMs).filter(Number.isFinite);
    const notes = [
      `figure: the slowest case's median of ${RUNS}; pointerdown (event.timeStamp) to the end of the first frame showing the answer, ` +
        `in the page's clock; ${DEVICE.viewport.width}×${DEVICE.viewport.height} touch at DPR ${DEVICE.deviceScaleFactor}, CPU ×${CPU_SLOWDOWN} ` +
        `(DevTools), no network throttling; a fresh context per run (no cache), the tap ${IDLE_BEFORE_TAP_MS / 1000} s after load`,
      `anchor: ${anchorRuns.times.map(Math.round).join('/') || '—'} ms${anchorRuns.failures.length ? `; failed: ${anchorRuns.failures.join('; ')}` : ''}`,
    ];
    for (const part of parts) {
      notes.push(
        `${part.name}: ${part.timesMs.join('/') || '—'} ms; tapped ${part.tapped.map((t) => `"${t}"`).join(', ') || '—'}; ${part.views.join(', ') || '—'}`,
      );
      for (const failure of new Set(part.failures)) notes.push(`${part.name}: failed: ${failure}`);
    }
    for (const [i, runs] of caseRuns.entries()) {
      if (runs.waited.length > 0)
        notes.push(`${P7_CASES[i].name}: the target was not shown 1 s after load; waited ${runs.waited.join('/')} ms more`);
    }
    return scenarioResult(spec, {
      figure: medians.length > 0 ? Math.max(...medians) : null,
      anchor: anchorMs ?? null,
      anchorLabel: 'minimal React app',
      parts,
      notes,
    });
  } finally {
    await browser.close();
    anchorApp.close();
  }
}
