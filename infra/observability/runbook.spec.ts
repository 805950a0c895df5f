// docs/runbook.md answers every alert: a section per alert of alerts.yml with what it means, the first three commands
// and how to recover; and the commands it gives are real (npm scripts that exist, files that exist, API routes the
// gateway serves).
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const runbook = readFileSync(join(root, 'docs/runbook.md'), 'utf8');
const rules = parse(readFileSync(join(root, 'infra/observability/prometheus/alerts.yml'), 'utf8')) as {
  groups: { rules: { alert?: string }[] }[];
};
const alerts = rules.groups.flatMap((g) => g.rules.map((r) => r.alert).filter((a): a is string => Boolean(a)));
const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

/** The runbook's `## Name` sections, by name. */
export function sectionsOf(markdown: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of markdown.split(/^## /m).slice(1)) {
    const [title = '', ...body] = part.split('\n');
    sections.set(title.trim(), body.join('\n'));
  }
  return sections;
}

/** What is wrong with one alert's section (empty when it is complete). */
export function problemsOf(alert: string, section: string | undefined): string[] {
  if (section === undefined) return [`${alert}: no "## ${alert}" section in docs/runbook.md`];
  const problems: string[] = [];
  for (const part of ['**What it means.**', '**First three commands.**', '**How to recover.**']) {
    if (!section.includes(part)) problems.push(`${alert}: no ${part} part`);
  }
  const block = /\*\*First three commands\.\*\*\s*```sh\n([\s\S]*?)```/.exec(section)?.[1];
  const commands = (block ?? '').split('\n').filter((line) => line.trim() !== '');
  if (commands.length !== 3) problems.push(`${alert}: ${commands.length} commands in its first-three block, not 3`);
  return problems;
}

describe('docs/runbook.md', () => {
  const sections = sectionsOf(runbook);

  it('has a complete section for every alert in alerts.yml', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    expect(alerts.flatMap((alert) => problemsOf(alert, sections.get(alert)))).toEqual([]);
  });

  it('would notice an alert without a section, or one with two commands', () => {
    expect(problemsOf('PayMarketNew', undefined)).toEqual(['PayMarketNew: no "## PayMarketNew" section in docs/runbook.md']);
    const short = '**What it means.** x\n**First three commands.**\n\n```sh\na\nb\n```\n**How to recover.** y';
    expect(problemsOf('PayMarketX', short)).toEqual(['PayMarketX: 2 commands in its first-three block, not 3']);
  });

  it('names only npm scripts, files and API routes that exist', () => {
    const used = [...runbook.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(used).toEqual(expect.arrayContaining(['dead-letters', 'ledger:verify', 'test:faults']));
    expect([...new Set(used)].filter((name) => !scripts.includes(name))).toEqual([]);
    const files = [...runbook.matchAll(/`((?:infra|docs|services|libs|gateway)\/[\w./-]+\.\w+)`/g)].map((m) => m[1]!);
    expect(files.filter((file) => !existsSync(join(root, file)))).toEqual([]);
    const controller = readFileSync(join(root, 'gateway/src/webhooks/webhook-deliveries.controller.ts'), 'utf8');
    for (const route of ['webhook-deliveries/:id/resend', 'webhook-endpoints/:id/replay', 'webhook-endpoints/:id/deliveries']) {
      expect(controller).toContain(`'${route}'`);
      expect(runbook).toContain(`/api/v1/${route.replace(':id', route.startsWith('webhook-deliveries') ? '{id}' : '$ENDPOINT')}`);
    }
  });
});
