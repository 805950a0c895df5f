// The pure parts of `npm run bench:all`: percentiles, ratios, verdicts, the printed table, the SVG chart and the
// shape of bench/results/<date>.json. No I/O here, so bench/lib/report.spec.ts keeps them honest in CI without
// running a benchmark.

/**
 * The scenarios and their goals, in the order the table prints them (issue 13; P5's goal and P7 from issue 34). P5's
 * figure is its lowest Lighthouse score; each page-view also has goals of its own (bench/lib/web-pages.mjs). P7's is
 * the slowest case's median, first tap to the paint that shows what it opened.
 */
export const SCENARIOS = [
  { id: 'P1', title: 'cached public read (showcase page 1)', unit: 'req/s', goal: { kind: 'ratio-min', value: 0.9 } },
  { id: 'P2', title: 'uncached read via RabbitMQ + PostgreSQL', unit: 'req/s', goal: { kind: 'ratio-min', value: 0.6 } },
  { id: 'P3', title: 'completed payments end to end', unit: 'payments/s', goal: { kind: 'ratio-min', value: 0.05 } },
  { id: 'P4', title: 'showcase + board p95, 50 clients', unit: 'ms p95', goal: { kind: 'max', value: 100 } },
  { id: 'P5', title: 'web: Lighthouse, visitor and buyer pages', unit: 'score', goal: { kind: 'min', value: 0.9 } },
  { id: 'P6', title: 'cold start to ready (embedded)', unit: 's', goal: { kind: 'max', value: 5 } },
  { id: 'P7', title: 'web: first tap to next paint, 390 px, ×4 CPU', unit: 'ms', goal: { kind: 'max', value: 200 } },
];

/** Nearest-rank percentile of an ascending array (undefined when empty). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/**
 * The median of unsorted numbers: the middle one, or the mean of the two middle ones (undefined when empty). P7 takes
 * the median of five runs per case; an even count only happens when a run failed.
 */
export function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** p50/p95/p99 of unsorted latencies (ms). */
export function latencySummary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), count: sorted.length };
}

/** figure / anchor, rounded to 3 significant decimals; null when either is missing or the anchor is 0. */
export function ratio(figure, anchor) {
  if (!Number.isFinite(figure) || !Number.isFinite(anchor) || anchor === 0) return null;
  return Math.round((figure / anchor) * 1000) / 1000;
}

/**
 * Whether a goal holds. `ratio-min`: the ratio to the anchor is at least the value; `min` / `max`: the figure itself
 * is at least / at most the value. Answers 'pass', 'fail' or 'n/a' (nothing to judge).
 */
export function verdict(goal, { figure, ratio: r }) {
  const subject = goal.kind === 'ratio-min' ? r : figure;
  if (subject === null || subject === undefined || !Number.isFinite(subject)) return 'n/a';
  if (goal.kind === 'max') return subject <= goal.value ? 'pass' : 'fail';
  return subject >= goal.value ? 'pass' : 'fail';
}

export function describeGoal(goal) {
  if (goal.kind === 'ratio-min') return `ratio ≥ ${goal.value}`;
  if (goal.kind === 'min') return `≥ ${goal.value}`;
  return `≤ ${goal.value}`;
}

/**
 * One result line. `figure`/`anchor` are numbers in the scenario's unit; `extra` adds named sub-results (P4's two
 * endpoints, P5's pages) that each carry their own verdict; a scenario passes only when all of them do.
 */
export function scenarioResult(
  spec,
  { figure = null, anchor = null, anchorLabel = '', latency = null, anchorLatency = null, parts = [], notes = [] },
) {
  const r = ratio(figure, anchor);
  const own = verdict(spec.goal, { figure, ratio: r });
  const partVerdicts = parts.map((p) => p.verdict);
  const all = [own, ...partVerdicts].filter((v) => v !== 'n/a');
  const overall = all.length === 0 ? 'n/a' : all.every((v) => v === 'pass') ? 'pass' : 'fail';
  return {
    id: spec.id,
    title: spec.title,
    unit: spec.unit,
    goal: { ...spec.goal, text: describeGoal(spec.goal) },
    status: 'ran',
    figure,
    anchor,
    anchorLabel,
    ratio: r,
    verdict: overall,
    latency,
    anchorLatency,
    parts,
    notes,
  };
}

export function skippedResult(spec, reason) {
  return {
    id: spec.id,
    title: spec.title,
    unit: spec.unit,
    goal: { ...spec.goal, text: describeGoal(spec.goal) },
    status: 'skipped',
    reason,
    figure: null,
    anchor: null,
    anchorLabel: '',
    ratio: null,
    verdict: 'skipped',
    latency: null,
    anchorLatency: null,
    parts: [],
    notes: [],
  };
}

export function formatNumber(value) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

const VERDICT_TEXT = { pass: 'PASS', fail: 'FAIL', 'n/a': 'n/a', skipped: 'SKIPPED' };

/** The rows of the table: one per scenario, then one per part, indented. */
export function tableRows(results) {
  const rows = [];
  for (const r of results) {
    const figure = r.status === 'skipped' ? r.reason : `${formatNumber(r.figure)} ${r.unit}`;
    const anchor = r.anchor === null ? '—' : `${formatNumber(r.anchor)}${r.anchorLabel ? ` (${r.anchorLabel})` : ''}`;
    const latency = r.latency ? `${formatNumber(r.latency.p50)}/${formatNumber(r.latency.p99)}` : '—';
    rows.push([
      r.id,
      r.title,
      figure,
      anchor,
      r.ratio === null ? '—' : r.ratio.toFixed(3),
      latency,
      r.goal.text,
      VERDICT_TEXT[r.verdict] ?? r.verdict,
    ]);
    for (const part of r.parts) {
      rows.push([
        '',
        `  ${part.name}`,
        part.figureText,
        part.anchorText ?? '—',
        part.ratio === null || part.ratio === undefined ? '—' : part.ratio.toFixed(3),
        part.latencyText ?? '—',
        part.goalText ?? '',
        VERDICT_TEXT[part.verdict] ?? part.verdict,
      ]);
    }
  }
  return rows;
}

export const TABLE_HEADER = ['id', 'scenario', 'figure', 'anchor', 'ratio', 'p50/p99 ms', 'goal', 'verdict'];

/** A plain-text table (also valid Markdown). */
export function renderTable(results) {
  const rows = [TABLE_HEADER, ...tableRows(results)];
  const widths = TABLE_HEADER.map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) => `| ${row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

function escapeXml(text) {
  return String(text).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);
}

/**
 * A small SVG: per scenario, two bars (PayMarket and its anchor) scaled to the larger of the two, the ratio and
 * verdict, and p50/p99 where the scenario measured latency.
 */
export function renderSvg(results, { title = 'PayMarket bench:all' } = {}) {
  const rowHeight = 54;
  const width = 800;
  const barX = 330;
  const barMax = 330;
  const top = 54;
  const height = top + results.length * rowHeight + 10;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="10" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="10" y="40" fill="#555">bars: PayMarket (green: goal met, red: missed) above its anchor (grey), scaled to the larger</text>`,
  ];
  results.forEach((r, i) => {
    const y = top + i * rowHeight;
    const colour = r.verdict === 'pass' ? '#1a7f37' : r.verdict === 'fail' ? '#cf222e' : '#6e7781';
    parts.push(`<text x="10" y="${y + 14}" font-weight="bold">${escapeXml(r.id)}</text>`);
    parts.push(`<text x="40" y="${y + 14}">${escapeXml(r.title.slice(0, 44))}</text>`);
    if (r.status === 'skipped') {
      parts.push(`<text x="40" y="${y + 32}" fill="#6e7781">skipped: ${escapeXml(String(r.reason).slice(0, 100))}</text>`);
      return;
    }
    const scale = Math.max(r.figure ?? 0, r.anchor ?? 0) || 1;
    const figureWidth = Math.max(1, Math.round(((r.figure ?? 0) / scale) * barMax));
    parts.push(`<rect x="${barX}" y="${y + 3}" width="${figureWidth}" height="14" fill="${colour}"/>`);
    parts.push(`<text x="${barX + figureWidth + 4}" y="${y + 14}">${escapeXml(`${formatNumber(r.figure)} ${r.unit}`)}</text>`);
    if (r.anchor !== null) {
      const anchorWidth = Math.max(1, Math.round((r.anchor / scale) * barMax));
      parts.push(`<rect x="${barX}" y="${y + 20}" width="${anchorWidth}" height="10" fill="#bbb"/>`);
      parts.push(`<text x="${barX + anchorWidth + 4}" y="${y + 29}" fill="#777">${escapeXml(formatNumber(r.anchor))}</text>`);
    }
    const latency = r.latency ? ` · p50 ${formatNumber(r.latency.p50)} / p99 ${formatNumber(r.latency.p99)} ms` : '';
    const summary = `${r.ratio === null ? '' : `ratio ${r.ratio.toFixed(3)} · `}${r.goal.text} · ${VERDICT_TEXT[r.verdict] ?? r.verdict}${latency}`;
    parts.push(`<text x="40" y="${y + 44}" fill="${colour}">${escapeXml(summary)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** bench/results/<date>.json: the date is the run's UTC day plus time, so runs on one day never overwrite each other. */
export function resultFileName(startedAt) {
  return `${startedAt
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z')}.json`;
}

/** The document written to bench/results. */
export function resultDocument({ startedAt, finishedAt, machine, results }) {
  return {
    schema: 'paymarket-bench/1',
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    machine,
    summary: {
      passed: results.filter((r) => r.verdict === 'pass').length,
      failed: results.filter((r) => r.verdict === 'fail').length,
      skipped: results.filter((r) => r.status === 'skipped').length,
    },
    results,
  };
}
