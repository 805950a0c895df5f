// The pure parts of P5 and P7 (bench/scenarios/web.mjs, bench/scenarios/interaction.mjs): which page-views they
// measure and against which goals, the names BENCH_LH_PAGES takes, and reading the bench buyer's sign-in code and
// session cookie out of the API's answers. No I/O here, so bench/lib/web-pages.spec.ts checks them without a browser.

/** The buyer session's cookie (gateway/src/auth/session-cookies.ts); the gateway serves a signed-in view when it is sent. */
export const BUYER_SESSION_COOKIE = 'pm_session';

/**
 * P5's page-views (issue 34): the pages a visitor meets, then those a signed-in buyer meets. Every one is held to
 * Lighthouse ≥ 0.90, LCP ≤ 2.5 s and CLS ≤ 0.1; the four visitor pages of issue 24 keep their ≥ 0.95.
 */
export const P5_VIEWS = [
  { page: '/', viewer: 'visitor', minScore: 0.95 },
  { page: '/sellers', viewer: 'visitor', minScore: 0.95 },
  { page: '/buyer-requests', viewer: 'visitor', minScore: 0.95 },
  { page: '/payment', viewer: 'visitor', minScore: 0.95 },
  { page: '/integrate', viewer: 'visitor', minScore: 0.9 },
  { page: '/developers', viewer: 'visitor', minScore: 0.9 },
  { page: '/', viewer: 'buyer', minScore: 0.9 },
  { page: '/payment', viewer: 'buyer', minScore: 0.9 },
  { page: '/orders', viewer: 'buyer', minScore: 0.9 },
  { page: '/buyer-requests', viewer: 'buyer', minScore: 0.9 },
];

/** Lighthouse's own "good" thresholds for the two Web Vitals issue 34 names beside the score. */
export const P5_LIMITS = { maxLcpMs: 2500, maxCls: 0.1 };

/** A view's name in the report and in BENCH_LH_PAGES: the path for a visitor's, `buyer:` and the path for a buyer's. */
export function viewName({ page, viewer }) {
  return viewer === 'buyer' ? `buyer:${page}` : page;
}

/**
 * `BENCH_LH_PAGES=/sellers,buyer:/orders`: only those views, in P5's order (a quicker A/B while working; the report
 * then covers fewer). Unset or empty: all of them. A name that is not one of P5's views throws, listing the names.
 */
export function selectViews(text, views = P5_VIEWS) {
  if (!text || !text.trim()) return views;
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = views.map(viewName);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_LH_PAGES: ${unknown.join(', ')} is not one of ${known.join(', ')}`);
  return views.filter((view) => names.includes(viewName(view)));
}

/** What a view is held to, as the table prints it. */
export function viewGoalText(view, limits = P5_LIMITS) {
  return `≥ ${view.minScore.toFixed(2)}, LCP ≤ ${limits.maxLcpMs / 1000} s, CLS ≤ ${limits.maxCls}`;
}

/**
 * Whether a view's measured median score, LCP and CLS meet its goals; `missed` says which did not, for the notes. A
 * missing figure (Lighthouse gave none) misses its goal.
 */
export function viewVerdict(view, { score, lcpMs, cls }, limits = P5_LIMITS) {
  const missed = [];
  const below = (value, min) => !Number.isFinite(value) || value < min;
  const above = (value, max) => !Number.isFinite(value) || value > max;
  if (below(score, view.minScore)) missed.push(`score ${formatted(score, 2)} < ${view.minScore.toFixed(2)}`);
  if (above(lcpMs, limits.maxLcpMs)) missed.push(`LCP ${formatted(lcpMs / 1000, 1)} s > ${limits.maxLcpMs / 1000} s`);
  if (above(cls, limits.maxCls)) missed.push(`CLS ${formatted(cls, 3)} > ${limits.maxCls}`);
  return { verdict: missed.length === 0 ? 'pass' : 'fail', missed };
}

const formatted = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '?');

/**
 * The `name=value` of the cookie `name` among a response's Set-Cookie headers (`headers.getSetCookie()`), ready for a
 * `cookie` request header; undefined when the response set none (or cleared it with an empty value).
 */
export function cookiePair(setCookieHeaders, name = BUYER_SESSION_COOKIE) {
  for (const header of setCookieHeaders) {
    const pair = header.split(';')[0].trim();
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at) === name && pair.length > at + 1) return pair;
  }
  return undefined;
}

/**
 * The sign-in code emailed to `email`, from the development mailbox's messages (GET /api/dev/mailbox, newest first;
 * the code is in the subject, `Your PayMarket sign-in code: 123456`). `seen`: ids of the messages there before the
 * code was asked for, so an older code to the same address (an earlier bench run's) is never taken for the new one.
 */
export function signInCode(messages, email, seen = new Set()) {
  for (const message of messages) {
    if (seen.has(message.id) || message.to.toLowerCase() !== email.toLowerCase()) continue;
    const code = /sign-in code: (\d{6})\b/.exec(message.subject)?.[1];
    if (code) return code;
  }
  return undefined;
}

/**
 * P7's cases (issue 34): the first tap on each page, 1 s after load, and what it opens. `targets`: where to tap, the
 * first one shown on the page (the account menu is a button in the bar from 1280 px; at 390 px the account's items are
 * in the phone menu, so that is what a phone user taps); `text`: the target's visible text, when its selector is not
 * enough. `result`: the element whose appearance is the answer. Roles and labels, not classes: they change less.
 */
export const P7_CASES = [
  {
    name: 'phone menu on /',
    page: '/',
    viewer: 'visitor',
    targets: [{ selector: 'button[aria-label="Menu"]' }],
    result: '[aria-label="Main menu"]',
  },
  {
    name: 'phone menu on /sellers',
    page: '/sellers',
    viewer: 'visitor',
    targets: [{ selector: 'button[aria-label="Menu"]' }],
    result: '[aria-label="Main menu"]',
  },
  {
    name: '"Post New Request" on /buyer-requests',
    page: '/buyer-requests',
    viewer: 'visitor',
    targets: [{ selector: 'button', text: 'Post New Request' }],
    result: '[role="dialog"]',
  },
  {
    name: 'account menu on /orders, signed in',
    page: '/orders',
    viewer: 'buyer',
    targets: [{ selector: 'button[aria-label^="Account:"]' }, { selector: 'button[aria-label="Menu"]' }],
    result: 'section[aria-label="Buyer account"]',
  },
];

/** The anchor's case: its Menu button opens its own "Main menu" list (bench/anchors/minimal-react). */
export const P7_ANCHOR_CASE = {
  name: 'menu of the minimal React app',
  page: '/',
  viewer: 'visitor',
  targets: [{ selector: 'button[aria-label="Menu"]' }],
  result: '[aria-label="Main menu"]',
};
