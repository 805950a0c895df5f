// The runbook's commands, runnable (issue 23): docs/runbook.md gives, per alert, a "First three commands" ```sh block.
// This module parses those blocks (one command a line; a line ending in `\` continues on the next; a command whose
// line ends in `# Kubernetes only` is kept but skipped when run) and runs a section's commands with `bash -c` in the
// runbook's conventions (PROM, DATABASE_URL, VHOST, …, as the runbook's "Conventions in the commands" paragraph
// names them). A command passes on exit 0; a `curl … $PROM/api/v1/query …` also needs Prometheus's answer to say
// `"status":"success"`. runbook-commands.spec.ts checks the parse offline; the fault tier
// (infra/faults/run-faults.mjs) runs every section against its cluster and its Prometheus.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { clearTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const RUNBOOK = fileURLToPath(new URL('../../docs/runbook.md', import.meta.url));

/** A command the runner skips on purpose, with why: the line ends in this comment. */
const SKIP_MARK = /\s+#\s*(Kubernetes only)\s*$/;

/** The `$NAME`s of the runbook's conventions paragraph (the one starting "Conventions in the commands"). */
export function conventionsOf(markdown) {
  const start = markdown.search(/^Conventions in the commands\b/m);
  if (start < 0) throw new Error('docs/runbook.md has no "Conventions in the commands" paragraph');
  const paragraph = markdown.slice(start).split(/\n\s*\n/)[0];
  return [...new Set([...paragraph.matchAll(/\$([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]))];
}

/** The shell variables a command uses (`$NAME` or `${NAME}`, quoted or not). */
export function variablesOf(command) {
  return [...new Set([...command.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]))];
}

/**
 * Every `## Alert` section of the runbook that has a "First three commands" part: [{ alert, commands: [{ command,
 * skip? }] }]. Strict: the part must be followed by a ```sh block, and a block may hold only commands (no comment
 * lines, no `\` on its last line); blank lines are ignored. Throws on anything else.
 */
export function parseRunbook(markdown) {
  const sections = [];
  for (const part of markdown.split(/^## /m).slice(1)) {
    const [title = '', ...body] = part.split('\n');
    const alert = title.trim();
    const text = body.join('\n');
    if (!text.includes('**First three commands.**')) continue;
    const block = /\*\*First three commands\.\*\*\s*```sh\n([\s\S]*?)```/.exec(text)?.[1];
    if (block === undefined) throw new Error(`${alert}: "First three commands" is not followed by a \`\`\`sh block`);
    const commands = [];
    let pending;
    for (const raw of block.split('\n')) {
      if (raw.trim() === '') {
        if (pending !== undefined) break;
        continue;
      }
      const line = pending === undefined ? raw.trim() : `${pending} ${raw.trim()}`;
      if (line.endsWith('\\')) {
        pending = line.slice(0, -1).trimEnd();
        continue;
      }
      pending = undefined;
      if (line.startsWith('#')) throw new Error(`${alert}: a comment line in its commands: ${line}`);
      const skip = SKIP_MARK.exec(line);
      commands.push(skip ? { command: line.slice(0, skip.index), skip: skip[1] } : { command: line });
    }
    if (pending !== undefined) throw new Error(`${alert}: its last command ends in \\`);
    sections.push({ alert, commands });
  }
  return sections;
}

/** The runbook's sections, read from docs/runbook.md. */
export function readRunbook(path = RUNBOOK) {
  return parseRunbook(readFileSync(path, 'utf8'));
}

/**
 * The process an alert's `$SERVICE` and `$OPS` stand for when the runner runs its section (on call: the alert's
 * `service` label, or the process the section names): the gateway for the HTTP alert and the embedded mode's single
 * process, payments for the others (its schema has every table those commands read).
 */
export function serviceFor(alert) {
  return alert === 'PayMarketHttp5xxRate' || alert === 'PayMarketDeadLetterQueueNotEmpty' ? 'gateway' : 'payments';
}

const KEEP = 64 * 1024;
const isPromQuery = (command) => /^curl\b/.test(command) && command.includes('$PROM/api/v1/query');

/** Runs one command with `bash -c`: { exitCode, signal, stdout, stderr, ms, timedOut }. */
function runCommand(command, { env, cwd, timeoutMs }) {
  return new Promise((resolve) => {
    const started = Date.now();
    // Its own process group, so a timeout kills the whole pipeline, not only bash.
    const child = spawn('bash', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout = (stdout + chunk.toString()).slice(-KEEP)));
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk.toString()).slice(-KEEP)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }, timeoutMs);
    child.on('error', (err) => (stderr += String(err)));
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      resolve({ exitCode, signal, stdout, stderr, ms: Date.now() - started, timedOut });
    });
  });
}

/**
 * Runs a section's commands one after the other (all of them, whatever the previous gave), with `env` over this
 * process's environment. When `ops` maps process names to ops URLs, `SERVICE` and `OPS` are set for the section's
 * alert (serviceFor). A command fails when a variable it uses is unset or empty (it is not run), on a non-zero exit,
 * after `timeoutMs`, or, for a Prometheus query, when the answer is not `"status":"success"`. Returns { alert, pass,
 * skipped, commands: [{ command, outcome: 'pass'|'fail'|'skipped', reason, exitCode, stdout, stderr, ms }] }.
 */
export async function runSection(section, { env = {}, ops, timeoutMs = 20_000, cwd = root } = {}) {
  const vars = { ...process.env, ...env };
  if (ops) {
    vars.SERVICE = serviceFor(section.alert);
    if (ops[vars.SERVICE]) vars.OPS = ops[vars.SERVICE];
  }
  const commands = [];
  for (const { command, skip } of section.commands) {
    if (skip) {
      commands.push({ command, outcome: 'skipped', reason: skip, stdout: '', stderr: '', ms: 0 });
      continue;
    }
    const unset = variablesOf(command).filter((name) => !vars[name]);
    if (unset.length > 0) {
      const reason = `${unset.map((name) => `$${name}`).join(', ')} not set`;
      commands.push({ command, outcome: 'fail', reason, stdout: '', stderr: '', ms: 0 });
      continue;
    }
    const run = await runCommand(command, { env: vars, cwd, timeoutMs });
    let reason;
    if (run.timedOut) reason = `no answer within ${timeoutMs / 1000} s`;
    else if (run.exitCode !== 0) reason = `exit ${run.exitCode ?? run.signal}`;
    else if (isPromQuery(command)) {
      let status;
      try {
        status = JSON.parse(run.stdout).status;
      } catch {
        status = undefined;
      }
      if (status !== 'success') reason = `Prometheus did not answer "status":"success"`;
    }
    commands.push({ command, outcome: reason ? 'fail' : 'pass', reason, ...run });
  }
  const skipped = commands.filter((c) => c.outcome === 'skipped').length;
  return { alert: section.alert, pass: commands.every((c) => c.outcome !== 'fail'), skipped, commands };
}

/** runSection for every section of the runbook (or `sections`), in order. */
export async function runRunbook(options = {}, sections = readRunbook()) {
  const results = [];
  for (const section of sections) results.push(await runSection(section, options));
  return results;
}

/** A failed command for a report: the command, why, and the end of its stderr (or stdout). */
export function describeFailure(c) {
  const output = (c.stderr.trim() || c.stdout.trim()).split('\n').slice(-4).join(' | ').slice(-400);
  return `${c.command} → ${c.reason}${output ? `: ${output}` : ''}`;
}
