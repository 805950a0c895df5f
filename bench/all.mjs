// `npm run bench:all`: the scenarios of issue 13 (and P7, issue 34), each beside an anchor measured in the same run on
// the same machine with the same load generator (autocannon as a library), so the ratio means something on a shared box.
// Prints progress and a table, writes bench/results/<date>.json and .svg (and latest.svg). Not part of `npm test`.
// Options: --only P1,P4 (a subset); env BENCH_DURATION (s per run, 10), BENCH_CONNECTIONS (50), BENCH_P3_CLIENTS (16),
// BENCH_PG_URL / BENCH_AMQP_URL (cluster scenarios; default the local postgres and guest RabbitMQ).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded, root } from '../infra/scripts/build-if-needed.mjs';
import { log, stopAll } from './lib/harness.mjs';
import { renderSvg, renderTable, resultDocument, resultFileName, SCENARIOS, skippedResult } from './lib/report.mjs';

const onlyArg = process.argv.find((a) => a.startsWith('--only'));
const only = onlyArg
  ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : process.argv[process.argv.indexOf(onlyArg) + 1]).toUpperCase().split(',')
  : null;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping what the benchmark started…`);
    void stopAll().then(() => process.exit(130));
  });
}

const startedAt = new Date();
log(`bench:all — ${only ? only.join(', ') : 'P1–P7'}, ${duration} s per run, ${connections} connections, ${cpus().length} CPUs`);
buildIfNeeded();
const { embeddedScenarios } = await import('./scenarios/embedded.mjs');
const { clusterScenarios } = await import('./scenarios/cluster.mjs');

const results = [];
const options = { root, duration, connections, only };
for (const [name, run, ids] of [
  ['embedded', embeddedScenarios, ['P1', 'P4', 'P5', 'P6', 'P7']],
  ['cluster', clusterScenarios, ['P2', 'P3']],
]) {
  if (only && !ids.some((id) => only.includes(id))) continue;
  try {
    results.push(...(await run(options)));
  } catch (err) {
    log(`${name} scenarios failed: ${err?.stack ?? err}`);
    for (const id of ids) {
      if ((!only || only.includes(id)) && !results.some((r) => r.id === id)) {
        results.push(
          skippedResult(
            SCENARIOS.find((s) => s.id === id),
            `${name} run failed: ${String(err?.message ?? err).split('\n')[0]}`,
          ),
        );
      }
    }
  }
}
await stopAll();
results.sort((a, b) => a.id.localeCompare(b.id));

const finishedAt = new Date();
const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? '',
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: process.platform,
};
const document = resultDocument({ startedAt, finishedAt, machine, results });
const dir = join(root, 'bench/results');
mkdirSync(dir, { recursive: true });
const file = join(dir, resultFileName(startedAt));
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
const svg = renderSvg(results, {
  title: `PayMarket bench:all — ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine.cpus} CPUs`,
});
writeFileSync(file.replace(/\.json$/, '.svg'), svg);
writeFileSync(join(dir, 'latest.svg'), svg);

console.log(`\n${renderTable(results)}\n`);
for (const r of results) for (const note of r.notes ?? []) console.log(`  ${r.id}: ${note}`);
console.log(`\nresults: ${file}\nchart:   ${file.replace(/\.json$/, '.svg')}`);
console.log(`goals: ${document.summary.passed} met, ${document.summary.failed} missed, ${document.summary.skipped} skipped`);
process.exit(0);
