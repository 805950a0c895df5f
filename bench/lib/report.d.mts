// Types of report.mjs for its spec (the harness itself is plain JavaScript run by node).
export type GoalKind = 'ratio-min' | 'min' | 'max';
export interface Goal {
  kind: GoalKind;
  value: number;
}
export interface ScenarioSpec {
  id: string;
  title: string;
  unit: string;
  goal: Goal;
}
export interface Latency {
  p50: number | undefined;
  p95: number | undefined;
  p99: number | undefined;
  count: number;
}
export type Verdict = 'pass' | 'fail' | 'n/a' | 'skipped';
export interface Part {
  name: string;
  figureText: string;
  anchorText?: string;
  ratio?: number | null;
  latencyText?: string;
  goalText?: string;
  verdict: Verdict;
  [extra: string]: unknown;
}
export interface ScenarioResult {
  id: string;
  title: string;
  unit: string;
  goal: Goal & { text: string };
  status: 'ran' | 'skipped';
  reason?: string;
  figure: number | null;
  anchor: number | null;
  anchorLabel: string;
  ratio: number | null;
  verdict: Verdict;
  latency: Latency | null;
  anchorLatency: Latency | null;
  parts: Part[];
  notes: string[];
}
export const SCENARIOS: ScenarioSpec[];
export function median(values: number[]): number | undefined;
export function percentile(sorted: number[], p: number): number | undefined;
export function latencySummary(values: number[]): Latency;
export function ratio(figure: number | null, anchor: number | null): number | null;
export function verdict(goal: Goal, subject: { figure: number | null | undefined; ratio?: number | null }): Exclude<Verdict, 'skipped'>;
export function describeGoal(goal: Goal): string;
export function scenarioResult(
  spec: ScenarioSpec,
  measured: {
    figure?: number | null;
    anchor?: number | null;
    anchorLabel?: string;
    latency?: Latency | null;
    anchorLatency?: Latency | null;
    parts?: Part[];
    notes?: string[];
  },
): ScenarioResult;
export function skippedResult(spec: ScenarioSpec, reason: string): ScenarioResult;
export function formatNumber(value: number | null | undefined): string;
export const TABLE_HEADER: string[];
export function tableRows(results: ScenarioResult[]): string[][];
export function renderTable(results: ScenarioResult[]): string;
export function renderSvg(results: ScenarioResult[], options?: { title?: string }): string;
export function resultFileName(startedAt: Date): string;
export function resultDocument(run: { startedAt: Date; finishedAt: Date; machine: Record<string, unknown>; results: ScenarioResult[] }): {
  schema: 'paymarket-bench/1';
  startedAt: string;
  finishedAt: string;
  machine: Record<string, unknown>;
  summary: { passed: number; failed: number; skipped: number };
  results: ScenarioResult[];
};
