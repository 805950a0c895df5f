// Keeps the dashboard, the alert rules and the scrape configs honest: every paymarket_* series their PromQL reads is
// one the code really registers (histogram suffixes only on histograms), and the rule file has the shape Prometheus
// and the on-call people expect (alert, expr, for, severity, summary).
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { metricsRegistry } from '../../libs/platform/src/metrics/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const read = (path: string): string => readFileSync(join(here, path), 'utf8');

interface Target {
  expr?: string;
  datasource?: { uid?: string };
}
interface Panel {
  type: string;
  title: string;
  targets?: Target[];
  datasource?: { uid?: string };
  panels?: Panel[];
}
interface Rule {
  alert?: string;
  record?: string;
  expr?: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const dashboard = JSON.parse(read('grafana/paymarket-dashboard.json')) as { uid: string; title: string; panels: Panel[] };
const rules = parse(read('prometheus/alerts.yml')) as { groups: { name: string; rules: Rule[] }[] };
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
const dashboardExprs = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr ?? '' })));
const ruleExprs = rules.groups.flatMap((g) => g.rules.map((r) => ({ where: `rule ${r.alert ?? r.record}`, expr: String(r.expr ?? '') })));

const metricNamesIn = (expr: string): string[] => [...new Set(expr.match(/\bpaymarket_[a-zA-Z0-9_]+/g) ?? [])];

/** Resolves a name used in PromQL to the registered metric it reads, or explains why it does not exist. */
function resolve(name: string, registered: Map<string, string>): string | undefined {
  if (registered.has(name)) return undefined;
  const suffix = /_(bucket|sum|count)$/.exec(name);
  if (suffix) {
    const base = name.slice(0, -suffix[0].length);
    const type = registered.get(base);
    if (type === 'histogram' || (type === 'summary' && suffix[1] !== 'bucket')) return undefined;
    if (type) return `${name}: ${base} is a ${type}, it has no _${suffix[1]}`;
  }
  return `${name} is not registered by libs/platform/src/metrics`;
}

describe('observability files', () => {
  it('reads only registered paymarket_* series in the dashboard and the alert rules', async () => {
    const registered = new Map((await metricsRegistry.getMetricsAsJSON()).map((m) => [m.name, String(m.type)]));
    const problems = [...dashboardExprs, ...ruleExprs].flatMap(({ where, expr }) =>
      metricNamesIn(expr)
        .map((name) => resolve(name, registered))
        .filter((p): p is string => p !== undefined)
        .map((p) => `${where}: ${p}`),
    );
    expect(problems).toEqual([]);
    // The parsing found what it should: histograms through _bucket, and most of the series overall.
    const used = new Set([...dashboardExprs, ...ruleExprs].flatMap(({ expr }) => metricNamesIn(expr)));
    expect(used).toContain('paymarket_http_request_duration_seconds_bucket');
    expect(used).toContain('paymarket_outbox_oldest_unsent_age_seconds');
    expect(used.size).toBeGreaterThanOrEqual(12);
  });

  it('would catch a misspelt series or a suffix on a metric that is not a histogram', () => {
    const registered = new Map([
      ['paymarket_payments_total', 'counter'],
      ['paymarket_http_request_duration_seconds', 'histogram'],
    ]);
    expect(resolve('paymarket_http_request_duration_seconds_bucket', registered)).toBeUndefined();
    expect(resolve('paymarket_payment_total', registered)).toMatch(/not registered/);
    expect(resolve('paymarket_payments_total_bucket', registered)).toMatch(/is a counter/);
    expect(metricNamesIn('sum(rate(paymarket_a_total[5m])) / sum(rate(paymarket_a_total[5m]))')).toEqual(['paymarket_a_total']);
  });

  it('has a Grafana dashboard whose panels all query the provisioned Prometheus datasource', () => {
    const datasources = parse(read('grafana/provisioning/datasources/prometheus.yml')) as { datasources: { uid: string; type: string }[] };
    const uid = datasources.datasources.find((d) => d.type === 'prometheus')?.uid;
    expect(uid).toBeDefined();
    expect(dashboard.uid).toBe('paymarket-overview');
    const queryPanels = panels.filter((p) => p.type !== 'row');
    expect(queryPanels.length).toBeGreaterThanOrEqual(15);
    for (const panel of queryPanels) {
      expect({ panel: panel.title, uid: panel.datasource?.uid }).toEqual({ panel: panel.title, uid });
      expect({ panel: panel.title, targets: (panel.targets ?? []).length > 0 }).toEqual({ panel: panel.title, targets: true });
      for (const target of panel.targets ?? []) expect(target.expr).toMatch(/\S/);
    }
    const titles = queryPanels.map((p) => p.title.toLowerCase()).join(' | ');
    for (const topic of [
      'request rate',
      'error rate',
      'p50',
      'p99',
      'rpc p99',
      'outbox backlog',
      'consumed',
      'dead letters',
      'webhook',
      'payments',
      'emails',
    ]) {
      expect(titles).toContain(topic);
    }
    const provider = parse(read('grafana/provisioning/dashboards/paymarket.yml')) as { providers: { options: { path: string } }[] };
    expect(provider.providers[0]?.options.path).toBe('/var/lib/grafana/dashboards');
  });

  it('has alert rules with a name, an expression, a `for`, a severity and a summary', () => {
    expect(rules.groups.length).toBeGreaterThan(0);
    const alerts = rules.groups.flatMap((g) => {
      expect(g.name).toMatch(/^paymarket-/);
      expect(g.rules.length).toBeGreaterThan(0);
      return g.rules;
    });
    for (const rule of alerts) {
      expect(rule.alert).toMatch(/^PayMarket[A-Z][A-Za-z0-9]+$/);
      expect({ alert: rule.alert, expr: typeof rule.expr === 'string' && /paymarket_/.test(rule.expr) }).toEqual({
        alert: rule.alert,
        expr: true,
      });
      expect({ alert: rule.alert, for: rule.for }).toEqual({ alert: rule.alert, for: expect.stringMatching(/^\d+(s|m|h)$/) });
      expect({ alert: rule.alert, severity: rule.labels?.severity }).toEqual({
        alert: rule.alert,
        severity: expect.stringMatching(/^(info|warning|critical)$/),
      });
      expect({ alert: rule.alert, summary: rule.annotations?.summary }).toEqual({
        alert: rule.alert,
        summary: expect.stringMatching(/\S/),
      });
    }
    const names = alerts.map((r) => r.alert);
    expect(new Set(names).size).toBe(names.length);
    // The operators' list: outbox lag, dead letters, webhook failures, RPC p99 and HTTP 5xx are all covered.
    const exprs = alerts.map((r) => r.expr).join('\n');
    for (const series of [
      'paymarket_outbox_oldest_unsent_age_seconds',
      'paymarket_messages_dead_lettered_total',
      'paymarket_webhook_deliveries_total',
      'paymarket_rpc_client_request_duration_seconds_bucket',
      'paymarket_http_requests_total{status=~"5.."}',
    ]) {
      expect(exprs).toContain(series);
    }
  });

  it('scrapes the ops port the launchers and compose use, with the alert rules loaded', () => {
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; profiles?: string[]; environment?: Record<string, unknown>; volumes?: string[] }>;
    };
    const prometheus = parse(read('prometheus/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: { job_name: string; dns_sd_configs?: { names: string[]; port: number }[] }[];
    };
    const job = prometheus.scrape_configs.find((j) => j.job_name === 'paymarket')!;
    const sd = job.dns_sd_configs![0]!;
    for (const process of ['gateway', 'onboarding', 'catalog', 'payments', 'requests', 'notifications']) {
      expect(sd.names).toContain(process);
      expect({ process, port: Number(compose.services[process]?.environment?.METRICS_PORT) }).toEqual({ process, port: sd.port });
    }
    expect(prometheus.rule_files).toContain('/etc/prometheus/alerts.yml');
    expect(readFileSync(join(root, 'infra/cluster/start.mjs'), 'utf8')).toContain(`process.env.METRICS_PORT || ${sd.port}`);
    const local = parse(read('prometheus/prometheus.cluster-launcher.yml')) as {
      scrape_configs: { static_configs: { targets: string[] }[] }[];
    };
    expect(local.scrape_configs[0]?.static_configs[0]?.targets[0]).toBe(`127.0.0.1:${sd.port}`);

    // The optional compose profile: pinned images, these files mounted.
    for (const name of ['prometheus', 'grafana', 'otel-collector']) {
      const service = compose.services[name];
      expect({ name, profiles: service?.profiles }).toEqual({ name, profiles: ['observability'] });
      expect(service?.image).toMatch(/:v?\d+\.\d+\.\d+$/);
    }
    expect(compose.services.prometheus?.volumes).toEqual(
      expect.arrayContaining([expect.stringContaining('infra/observability/prometheus/alerts.yml:')]),
    );
    expect(compose.services['otel-collector']?.volumes).toEqual([expect.stringContaining('infra/observability/otel-collector.yaml:')]);
    const collector = parse(read('otel-collector.yaml')) as {
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
    };
    expect(collector.service.pipelines.traces).toMatchObject({ receivers: ['otlp'], exporters: ['debug'] });
  });
});

describe('alerts.test.yml (promtool test rules, run by .ci/run)', () => {
  it('has, for every alert, a case where it fires and one where it does not', () => {
    const tests = parse(read('prometheus/alerts.test.yml')) as {
      rule_files: string[];
      tests: { alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[] }[];
    };
    expect(tests.rule_files).toEqual(['alerts.yml']);
    const cases = tests.tests.flatMap((t) => t.alert_rule_test ?? []);
    const missing = rules.groups
      .flatMap((g) => g.rules.map((r) => r.alert))
      .flatMap((alert) => [
        ...(cases.some((c) => c.alertname === alert && (c.exp_alerts ?? []).length > 0) ? [] : [`${alert}: no case where it fires`]),
        ...(cases.some((c) => c.alertname === alert && (c.exp_alerts ?? []).length === 0)
          ? []
          : [`${alert}: no case where it stays quiet`]),
      ]);
    expect(missing).toEqual([]);
  });
});
