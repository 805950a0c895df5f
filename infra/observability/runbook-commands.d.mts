// Types of runbook-commands.mjs for its spec (the runner itself is plain JavaScript, run by the fault tier).
export interface RunbookCommand {
  command: string;
  /** Why the runner does not run it (e.g. 'Kubernetes only'). */
  skip?: string;
}
export interface RunbookSection {
  alert: string;
  commands: RunbookCommand[];
}
export interface CommandResult {
  command: string;
  outcome: 'pass' | 'fail' | 'skipped';
  reason?: string;
  exitCode?: number | null;
  signal?: string | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut?: boolean;
}
export interface SectionResult {
  alert: string;
  pass: boolean;
  skipped: number;
  commands: CommandResult[];
}
export interface RunOptions {
  env?: Record<string, string | undefined>;
  ops?: Record<string, string>;
  timeoutMs?: number;
  cwd?: string;
}
export const root: string;
export const RUNBOOK: string;
export function conventionsOf(markdown: string): string[];
export function variablesOf(command: string): string[];
export function parseRunbook(markdown: string): RunbookSection[];
export function readRunbook(path?: string): RunbookSection[];
export function serviceFor(alert: string): string;
export function runSection(section: RunbookSection, options?: RunOptions): Promise<SectionResult>;
export function runRunbook(options?: RunOptions, sections?: RunbookSection[]): Promise<SectionResult[]>;
export function describeFailure(result: CommandResult): string;
