// The runbook's first three commands per alert parse as three commands in its conventions, and the runner that the
// fault tier uses on them judges them as it should (infra/observability/runbook-commands.mjs).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse } from 'yaml';
import { conventionsOf, parseRunbook, root, runSection, serviceFor, variablesOf, type RunbookSection } from './runbook-commands.mjs';

const runbook = readFileSync(join(root, 'docs/runbook.md'), 'utf8');
const rules = parse(readFileSync(join(root, 'infra/observability/prometheus/alerts.yml'), 'utf8')) as {
  groups: { rules: { alert?: string }[] }[];
};
const alerts = rules.groups.flatMap((g) => g.rules.map((r) => r.alert).filter((a): a is string => Boolean(a)));

/** What the conventions paragraph does not define, per command: `Alert: $NAME in <command>`. */
function unknownVariables(sections: RunbookSection[], conventions: string[]): string[] {
  return sections.flatMap(({ alert, commands }) =>
    commands.flatMap(({ command }) =>
      variablesOf(command)
        .filter((name) => !conventions.includes(name))
        .map((name) => `${alert}: $${name} in ${command}`),
    ),
  );
}

describe("docs/runbook.md's first three commands", () => {
  const sections = parseRunbook(runbook);
  const conventions = conventionsOf(runbook);

  it('are exactly three parsed commands for every alert of alerts.yml', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    const counts = Object.fromEntries(sections.map((s) => [s.alert, s.commands.length]));
    expect(Object.fromEntries(alerts.map((alert) => [alert, counts[alert]]))).toEqual(Object.fromEntries(alerts.map((a) => [a, 3])));
  });

  it('use only the variables the conventions paragraph defines, and it defines what the fault tier sets', () => {
    expect(conventions).toEqual(
      expect.arrayContaining(['PROM', 'DATABASE_URL', 'AMQP_URL', 'VHOST', 'SERVICE', 'OPS', 'API', 'KEY', 'ENDPOINT']),
    );
    expect(unknownVariables(sections, conventions)).toEqual([]);
  });

  it('hard-code no host, and mark what only Kubernetes can run', () => {
    const commands = sections.flatMap((s) => s.commands);
    expect(commands.filter((c) => /127\.0\.0\.1|localhost/.test(c.command)).map((c) => c.command)).toEqual([]);
    expect(commands.filter((c) => /\bkubectl\b/.test(c.command) && !c.skip).map((c) => c.command)).toEqual([]);
  });

  it('would notice a variable the conventions do not define', () => {
    const fake = parseRunbook(
      '## PayMarketX\n\n**First three commands.**\n\n```sh\ncurl -s "$PROM/x"\ncurl -s "$PORT_9467/health"\nls\n```\n',
    );
    expect(unknownVariables(fake, conventions)).toEqual(['PayMarketX: $PORT_9467 in curl -s "$PORT_9467/health"']);
  });
});

describe('parseRunbook', () => {
  it('joins a line continued with \\, keeps a Kubernetes-only command as skipped, and ignores blank lines', () => {
    const markdown = [
      '# Title',
      '',
      'Conventions in the commands: `$PROM` and `$VHOST`.',
      '',
      '## PayMarketA',
      '',
      '**What it means.** x',
      '',
      '**First three commands.**',
      '',
      '```sh',
      'curl -sG "$PROM/api/v1/query" \\',
      "  --data-urlencode 'query=up'",
      '',
      'kubectl -n paymarket get pods # Kubernetes only',
      'rabbitmqctl -q list_queues -p "$VHOST"',
      '```',
      '',
      '## Notes',
      '',
      'No commands here.',
    ].join('\n');
    expect(conventionsOf(markdown)).toEqual(['PROM', 'VHOST']);
    expect(parseRunbook(markdown)).toEqual([
      {
        alert: 'PayMarketA',
        commands: [
          { command: `curl -sG "$PROM/api/v1/query" --data-urlencode 'query=up'` },
          { command: 'kubectl -n paymarket get pods', skip: 'Kubernetes only' },
          { command: 'rabbitmqctl -q list_queues -p "$VHOST"' },
        ],
      },
    ]);
  });

  it('refuses a part without a ```sh block, a comment line, and a dangling \\', () => {
    expect(() => parseRunbook('## A\n**First three commands.**\n\nrun this\n')).toThrow('A: "First three commands" is not followed');
    expect(() => parseRunbook('## A\n**First three commands.**\n\n```sh\n# look\nls\n```\n')).toThrow('A: a comment line');
    expect(() => parseRunbook('## A\n**First three commands.**\n\n```sh\nls \\\n```\n')).toThrow('A: its last command ends in \\');
  });

  it('finds variables quoted, braced or bare', () => {
    expect(variablesOf(`psql "$DATABASE_URL" -c "SELECT 1 FROM $SERVICE.outbox" \${KEY} 'x'`)).toEqual(['DATABASE_URL', 'SERVICE', 'KEY']);
    expect(serviceFor('PayMarketHttp5xxRate')).toBe('gateway');
    expect(serviceFor('PayMarketOutboxStuck')).toBe('payments');
  });
});

describe('runSection', () => {
  let prometheus: Server;
  let prom = '';
  beforeAll(async () => {
    // A stand-in Prometheus: `up` succeeds, anything else is a bad query.
    prometheus = createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://x').searchParams.get('query');
      const ok = query === 'up';
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(ok ? { status: 'success', data: { resultType: 'vector', result: [] } } : { status: 'error', error: 'parse error' }),
      );
    });
    await new Promise<void>((resolve) => prometheus.listen(0, '127.0.0.1', resolve));
    prom = `http://127.0.0.1:${(prometheus.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => prometheus.close(() => resolve())));

  it('passes on exit 0 and a successful Prometheus answer; fails on exit ≠ 0, an error answer, an unset variable', async () => {
    const result = await runSection(
      {
        alert: 'PayMarketX',
        commands: [
          { command: 'echo "$VHOST" && echo warn >&2' },
          { command: `curl -sG "$PROM/api/v1/query" --data-urlencode 'query=up'` },
          { command: `curl -sG "$PROM/api/v1/query" --data-urlencode 'query=rate(x[5m'` },
          { command: 'echo oops >&2; exit 3' },
          { command: 'echo "$NOT_SET_ANYWHERE_42"' },
          { command: 'kubectl get pods', skip: 'Kubernetes only' },
        ],
      },
      { env: { PROM: prom, VHOST: 'paymarket-test' }, timeoutMs: 10_000 },
    );
    expect(result.pass).toBe(false);
    expect(result.skipped).toBe(1);
    expect(result.commands.map((c) => [c.outcome, c.reason])).toEqual([
      ['pass', undefined],
      ['pass', undefined],
      ['fail', 'Prometheus did not answer "status":"success"'],
      ['fail', 'exit 3'],
      ['fail', '$NOT_SET_ANYWHERE_42 not set'],
      ['skipped', 'Kubernetes only'],
    ]);
    expect(result.commands[0]).toMatchObject({ stdout: 'paymarket-test\n', stderr: 'warn\n' });
    expect(result.commands[3]!.stderr).toBe('oops\n');
  });

  it('stops a command at its timeout, pipeline included, and sets SERVICE and OPS for the alert', async () => {
    const result = await runSection(
      { alert: 'PayMarketHttp5xxRate', commands: [{ command: 'sleep 30 | cat' }, { command: 'echo "$SERVICE $OPS"' }] },
      { ops: { gateway: 'http://127.0.0.1:1', payments: 'http://127.0.0.1:2' }, timeoutMs: 500 },
    );
    expect(result.commands[0]).toMatchObject({ outcome: 'fail', reason: 'no answer within 0.5 s', timedOut: true });
    expect(result.commands[0]!.ms).toBeLessThan(5_000);
    expect(result.commands[1]).toMatchObject({ outcome: 'pass', stdout: 'gateway http://127.0.0.1:1\n' });
  });
});
