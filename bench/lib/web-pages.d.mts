// Types of web-pages.mjs for its spec (the harness itself is plain JavaScript run by node).
export type Viewer = 'visitor' | 'buyer';
export interface PageView {
  page: string;
  viewer: Viewer;
  minScore: number;
}
export interface Limits {
  maxLcpMs: number;
  maxCls: number;
}
export interface TapCase {
  name: string;
  page: string;
  viewer: Viewer;
  targets: { selector: string; text?: string }[];
  result: string;
}
export const BUYER_SESSION_COOKIE: string;
export const P5_VIEWS: PageView[];
export const P5_LIMITS: Limits;
export function viewName(view: Pick<PageView, 'page' | 'viewer'>): string;
export function selectViews(text: string | undefined, views?: PageView[]): PageView[];
export function viewGoalText(view: PageView, limits?: Limits): string;
export function viewVerdict(
  view: PageView,
  measured: { score: number | null | undefined; lcpMs: number | null | undefined; cls: number | null | undefined },
  limits?: Limits,
): { verdict: 'pass' | 'fail'; missed: string[] };
export function cookiePair(setCookieHeaders: string[], name?: string): string | undefined;
export function signInCode(
  messages: { id: string; to: string; subject: string }[],
  email: string,
  seen?: ReadonlySet<string>,
): string | undefined;
export const P7_CASES: TapCase[];
export const P7_ANCHOR_CASE: TapCase;
