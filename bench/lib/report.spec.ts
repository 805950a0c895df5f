import { describe, expect, it } from '@jest/globals';
// The harness is plain ESM JavaScript (`node bench/all.mjs` runs without a build); its pure parts are tested here.
import {
  latencySummary,
  median,
  percentile,
  ratio,
  renderSvg,
  renderTable,
  resultDocument,
  resultFileName,
  scenarioResult,
  SCENARIOS,
  skippedResult,
  verdict,
} from './report.mjs';

const spec = (id: string) => SCENARIOS.find((s) => s.id === id)!;

describe('bench:all report', () => {
  it('lists P1–P7 with the goals of issues 13 and 34', () => {
    expect(SCENARIOS.map((s) => [s.id, s.goal])).toEqual([
      ['P1', { kind: 'ratio-min', value: 0.9 }],
      ['P2', { kind: 'ratio-min', value: 0.6 }],
      ['P3', { kind: 'ratio-min', value: 0.05 }],
      ['P4', { kind: 'max', value: 100 }],
      ['P5', { kind: 'min', value: 0.9 }],
      ['P6', { kind: 'max', value: 5 }],
      ['P7', { kind: 'max', value: 200 }],
    ]);
  });

  it('takes the median of unsorted values, the mean of the middle two for an even count', () => {
    expect(median([])).toBeUndefined();
    expect(median([7])).toBe(7);
    expect(median([300, 120, 180, 900, 150])).toBe(180);
    expect(median([40, 10, 30, 20])).toBe(25);
  });

  it('computes nearest-rank percentiles and a latency summary', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(sorted, 50), percentile(sorted, 95), percentile(sorted, 99), percentile(sorted, 100)]).toEqual([50, 95, 99, 100]);
    expect(percentile([], 50)).toBeUndefined();
    expect(latencySummary([3, 1, 2])).toEqual({ p50: 2, p95: 3, p99: 3, count: 3 });
  });

  it('rounds ratios to three decimals and refuses to divide by nothing', () => {
    expect(ratio(1234, 17000)).toBe(0.073);
    expect(ratio(10, 0)).toBeNull();
    expect(ratio(null as unknown as number, 5)).toBeNull();
  });

  it('judges each kind of goal, and n/a with nothing to judge', () => {
    expect(verdict({ kind: 'ratio-min', value: 0.9 }, { figure: 1, ratio: 0.9 })).toBe('pass');
    expect(verdict({ kind: 'ratio-min', value: 0.9 }, { figure: 1, ratio: 0.89 })).toBe('fail');
    expect(verdict({ kind: 'max', value: 100 }, { figure: 100, ratio: null })).toBe('pass');
    expect(verdict({ kind: 'max', value: 100 }, { figure: 100.1, ratio: null })).toBe('fail');
    expect(verdict({ kind: 'min', value: 0.95 }, { figure: 0.94, ratio: null })).toBe('fail');
    expect(verdict({ kind: 'ratio-min', value: 0.6 }, { figure: 5, ratio: null })).toBe('n/a');
  });

  it('fails a scenario when any part fails, even if its own figure passes', () => {
    const result = scenarioResult(spec('P4'), {
      figure: 40,
      parts: [
        { name: 'showcase', figureText: 'p95 40 ms', verdict: 'pass' },
        { name: 'board', figureText: 'p95 140 ms', verdict: 'fail' },
      ],
    });
    expect(result).toMatchObject({ id: 'P4', status: 'ran', ratio: null, verdict: 'fail', goal: { text: '≤ 100' } });
  });

  const sample = () => [
    scenarioResult(spec('P1'), {
      figure: 16000,
      anchor: 17000,
      anchorLabel: 'Nest',
      latency: { p50: 2, p95: 4, p99: 9, count: 10 },
    }),
    skippedResult(spec('P2'), 'RabbitMQ at 127.0.0.1:5672 unreachable (ECONNREFUSED)'),
  ];

  it('prints one table row per scenario with figure, anchor, ratio, goal and verdict', () => {
    const table = renderTable(sample()).split('\n');
    expect(table[0]).toMatch(/^\| id +\| scenario +\| figure +\| anchor +\| ratio +\| p50\/p99 ms +\| goal +\| verdict +\|$/);
    expect(table[2]).toContain('16,000 req/s');
    expect(table[2]).toContain('17,000 (Nest)');
    expect(table[2]).toContain('0.941');
    expect(table[2]).toContain('ratio ≥ 0.9');
    expect(table[2]).toContain('PASS');
    expect(table[3]).toContain('RabbitMQ at 127.0.0.1:5672 unreachable');
    expect(table[3]).toContain('SKIPPED');
    // Every row has the same width (a Markdown table).
    expect(new Set(table.map((row) => row.length)).size).toBe(1);
  });

  it('draws an SVG with a bar per figure and anchor, escaping text', () => {
    const results = sample();
    results[0]!.title = 'a <b> & "c"';
    const svg = renderSvg(results, { title: 'run' });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('a &lt;b&gt; &amp; &quot;c&quot;');
    expect(svg.match(/<rect /g)).toHaveLength(3); // background, figure bar, anchor bar
    expect(svg).toContain('skipped: RabbitMQ');
  });

  it('names result files by the run start and writes a versioned document with a summary', () => {
    const startedAt = new Date('2026-11-25T08:15:03.456Z');
    expect(resultFileName(startedAt)).toBe('2026-11-25T08-15-03Z.json');
    const doc = resultDocument({
      startedAt,
      finishedAt: new Date('2026-11-25T08:20:00Z'),
      machine: { cpus: 2 },
      results: sample(),
    });
    expect(doc).toMatchObject({
      schema: 'paymarket-bench/1',
      startedAt: '2026-11-25T08:15:03.456Z',
      summary: { passed: 1, failed: 0, skipped: 1 },
    });
    expect(doc.results[0]).toEqual(
      expect.objectContaining({ id: 'P1', figure: 16000, anchor: 17000, ratio: 0.941, verdict: 'pass', unit: 'req/s' }),
    );
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
