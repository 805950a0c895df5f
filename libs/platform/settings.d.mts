// Types of settings.mjs (plain ESM so the .mjs launchers can run it before any build; ADR 0067).

export type Program =
  | 'start'
  | 'start:cluster'
  | 'admin:create'
  | 'ledger:verify'
  | 'audit:verify'
  | 'dead-letters'
  | 'gateway'
  | 'onboarding'
  | 'catalog'
  | 'payments'
  | 'requests'
  | 'notifications'
  | 'stripe-emulator';

interface Declared {
  name: string;
  /** What an unset variable means, for the docs. */
  fallback: string;
  readBy: Program[];
  requiredBy?: Program[];
  emptyMeansUnset?: boolean;
}

export type Setting = Declared &
  (
    | { kind: 'url'; protocols: string[]; example?: string; several: boolean }
    | { kind: 'port'; allowZero: boolean }
    | { kind: 'int'; min: number; max: number; unit: string }
    | { kind: 'enum'; values: string[] }
    | { kind: 'path'; what: string }
    | { kind: 'secret'; expects: string; test: (value: string) => boolean }
    | { kind: 'text'; expects: string; pattern: RegExp }
  );

export const PROGRAMS: Program[];
export const SETTINGS: Setting[];
export function settingsOf(program: Program): Setting[];
export function expectationOf(setting: Setting): string;
export function fits(setting: Setting, value: string): boolean;
export function problemWith(setting: Setting, env: NodeJS.ProcessEnv, program: Program): string | undefined;
export function settingsProblems(program: Program, env?: NodeJS.ProcessEnv): string[];
export function refuseBadSettings(program: Program, env?: NodeJS.ProcessEnv): void;
