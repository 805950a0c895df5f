import { describe, expect, it } from '@jest/globals';
// The harness is plain ESM JavaScript; the pure parts of P5 and P7 are tested here.
import {
  cookiePair,
  P5_VIEWS,
  P7_ANCHOR_CASE,
  P7_CASES,
  selectViews,
  signInCode,
  viewGoalText,
  viewName,
  viewVerdict,
} from './web-pages.mjs';

const view = (name: string) => P5_VIEWS.find((v) => viewName(v) === name)!;

describe('P5 page-views (issue 34)', () => {
  it('audits six visitor pages and four signed-in buyer pages, the four of issue 24 still at 0.95', () => {
    expect(P5_VIEWS.map((v) => [viewName(v), v.minScore])).toEqual([
      ['/', 0.95],
      ['/sellers', 0.95],
      ['/buyer-requests', 0.95],
      ['/payment', 0.95],
      ['/integrate', 0.9],
      ['/developers', 0.9],
      ['buyer:/', 0.9],
      ['buyer:/payment', 0.9],
      ['buyer:/orders', 0.9],
      ['buyer:/buyer-requests', 0.9],
    ]);
  });

  it('reads BENCH_LH_PAGES: every view when unset, else the named ones in P5 order, a buyer view by its buyer: prefix', () => {
    expect(selectViews(undefined)).toBe(P5_VIEWS);
    expect(selectViews('  ')).toBe(P5_VIEWS);
    expect(selectViews('buyer:/orders, /sellers,').map(viewName)).toEqual(['/sellers', 'buyer:/orders']);
    expect(selectViews('/').map((v) => v.viewer)).toEqual(['visitor']);
  });

  it('refuses a name that is not one of the views, listing them', () => {
    expect(() => selectViews('/orders')).toThrow(/BENCH_LH_PAGES: \/orders is not one of \/, \/sellers, .*buyer:\/orders/);
    expect(() => selectViews('/sellers,visitor:/')).toThrow(/visitor:\/ is not one of/);
  });

  it('judges the median score against the view’s own minimum, LCP against 2.5 s and CLS against 0.1', () => {
    expect(viewGoalText(view('/'))).toBe('≥ 0.95, LCP ≤ 2.5 s, CLS ≤ 0.1');
    expect(viewGoalText(view('buyer:/orders'))).toBe('≥ 0.90, LCP ≤ 2.5 s, CLS ≤ 0.1');
    expect(viewVerdict(view('/'), { score: 0.95, lcpMs: 2500, cls: 0.1 })).toEqual({ verdict: 'pass', missed: [] });
    expect(viewVerdict(view('/'), { score: 0.94, lcpMs: 900, cls: 0 })).toEqual({ verdict: 'fail', missed: ['score 0.94 < 0.95'] });
    expect(viewVerdict(view('buyer:/'), { score: 0.94, lcpMs: 900, cls: 0 }).verdict).toBe('pass');
    expect(viewVerdict(view('buyer:/'), { score: 0.99, lcpMs: 2600, cls: 0.25 })).toEqual({
      verdict: 'fail',
      missed: ['LCP 2.6 s > 2.5 s', 'CLS 0.250 > 0.1'],
    });
  });

  it('counts a figure Lighthouse did not give as missed', () => {
    expect(viewVerdict(view('/payment'), { score: null, lcpMs: undefined, cls: Number.NaN }).missed).toEqual([
      'score ? < 0.95',
      'LCP ? s > 2.5 s',
      'CLS ? > 0.1',
    ]);
  });
});

describe('the bench buyer’s sign-in', () => {
  it('takes the session cookie’s name=value from the Set-Cookie headers, not a cleared one', () => {
    const headers = ['other=1; Path=/', 'pm_session=abc.def; Path=/; HttpOnly; SameSite=Lax; Expires=Tue, 01 Dec 2026 00:00:00 GMT'];
    expect(cookiePair(headers)).toBe('pm_session=abc.def');
    expect(cookiePair(['pm_session=; Path=/; Max-Age=0'])).toBeUndefined();
    expect(cookiePair(['pm_session_old=x'])).toBeUndefined();
    expect(cookiePair([])).toBeUndefined();
  });

  it('reads the newest code sent to the address that was not in the mailbox before it was asked for', () => {
    const messages = [
      { id: 'm4', to: 'someone@example.com', subject: 'Your PayMarket sign-in code: 999999' },
      { id: 'm3', to: 'Buyer@bench.example.com', subject: 'Your PayMarket sign-in code: 222222' },
      { id: 'm2', to: 'buyer@bench.example.com', subject: 'Welcome to PayMarket' },
      { id: 'm1', to: 'buyer@bench.example.com', subject: 'Your PayMarket sign-in code: 111111' },
    ];
    expect(signInCode(messages, 'buyer@bench.example.com')).toBe('222222');
    expect(signInCode(messages, 'buyer@bench.example.com', new Set(['m3']))).toBe('111111');
    expect(signInCode(messages, 'buyer@bench.example.com', new Set(['m1', 'm3']))).toBeUndefined();
  });
});

describe('P7 cases (issue 34)', () => {
  it('taps the phone menu on / and /sellers, "Post New Request" on the board and the account menu signed in on /orders', () => {
    expect(P7_CASES.map((c) => [c.page, c.viewer, c.result])).toEqual([
      ['/', 'visitor', '[aria-label="Main menu"]'],
      ['/sellers', 'visitor', '[aria-label="Main menu"]'],
      ['/buyer-requests', 'visitor', '[role="dialog"]'],
      ['/orders', 'buyer', 'section[aria-label="Buyer account"]'],
    ]);
    // At 390 px the account's items are behind the phone menu; the bar's account button is tried first.
    expect(P7_CASES[3]!.targets.map((t) => t.selector)).toEqual(['button[aria-label^="Account:"]', 'button[aria-label="Menu"]']);
  });

  it('times the same gesture on the anchor: its Menu button opens its "Main menu"', () => {
    expect(P7_ANCHOR_CASE).toMatchObject({ targets: [{ selector: 'button[aria-label="Menu"]' }], result: '[aria-label="Main menu"]' });
  });
});
