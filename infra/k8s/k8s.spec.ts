// No cluster on the build machines: this renders each overlay with `kubectl kustomize` (offline) and holds the
// output to the Kubernetes and KEDA schemas and to infra/k8s/manifest-rules.ts, whose facts are read from the code
// (cluster mode's entry files, the queue names, the shutdown timers, the env classes each process validates).
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { join, posix } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { parseAllDocuments } from 'yaml';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { ICronJob } from 'kubernetes-models/batch/v1';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { SERVICE_NAMES, queueOf, type ServiceName } from '@paymarket/contracts';
import { clusterEntries, envClassNames, importEnvClass, read, requiredVars, root } from '../docker/process-env.js';
import { configMapsOf, containerEnv, manifestProblems, type CodeFacts, type Manifest, type Overlay } from './manifest-rules.js';

const OVERLAYS: Overlay[] = ['development', 'production'];

// ---- rendering ----------------------------------------------------------------------------------------------------

const cache = new Map<Overlay, Manifest[]>();

/** `kubectl kustomize infra/k8s/overlays/<overlay>`, parsed. kubectl (≥ 1.27, kustomize built in) must be on PATH. */
function render(overlay: Overlay): Manifest[] {
  const hit = cache.get(overlay);
  if (hit) return structuredClone(hit);
  let text: string;
  try {
    text = execFileSync('kubectl', ['kustomize', join(root, 'infra/k8s/overlays', overlay)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        'kubectl is not on PATH: infra/k8s/k8s.spec.ts renders the overlays with `kubectl kustomize`. Install kubectl ≥ 1.27.',
        { cause: err },
      );
    }
    throw new Error(`kubectl kustomize infra/k8s/overlays/${overlay} failed:\n${e.stderr ?? e.message}`, { cause: err });
  }
  const docs = parseAllDocuments(text);
  const errors = docs.flatMap((d) => d.errors.map((x) => x.message));
  if (errors.length > 0) throw new Error(`rendered ${overlay} is not YAML: ${errors.join('; ')}`);
  const objects = docs.map((d) => d.toJS() as Manifest).filter(Boolean);
  cache.set(overlay, objects);
  return structuredClone(objects);
}

// ---- what the code says -------------------------------------------------------------------------------------------

function number(path: string, pattern: RegExp): number {
  const match = pattern.exec(read(path));
  if (!match) throw new Error(`${path}: ${pattern} not found (the k8s spec reads this timer from the code)`);
  return Number(match[1]!.replace(/_/g, ''));
}

const facts: CodeFacts = {
  entries: clusterEntries(),
  services: SERVICE_NAMES,
  queueOf: (service) => queueOf(service as ServiceName),
  forceExitMs: number('libs/platform/src/bootstrap/run-main.ts', /setTimeout\(\(\) => process\.exit\(1\), ([\d_]+)\)/),
  drainMs: number('libs/platform/src/messaging/in-flight.ts', /drainBeforeClose[^\n]*timeoutMs = ([\d_]+)/),
};

/**
 * Per Deployment, what loadConfig would refuse at boot: a required variable that is neither set nor taken from a
 * mandatory Secret key, or a visible value (literal, ConfigMap) that fails validation. Secret values are the operator's.
 */
async function envProblems(objects: Manifest[]): Promise<string[]> {
  const problems: string[] = [];
  const configMaps = configMapsOf(objects);
  for (const d of objects.filter((o): o is IDeployment & Manifest => o.kind === 'Deployment')) {
    const name = d.metadata.name;
    const packageDir = posix.dirname(posix.dirname(facts.entries[name]!));
    const { values, fromSecrets } = containerEnv(d.spec!.template.spec!.containers[0]!, configMaps);
    const classNames = envClassNames(packageDir);
    if (classNames.length === 0) problems.push(`${name}: no env class found in ${packageDir}`);
    for (const className of classNames) {
      const cls = await importEnvClass(className, packageDir);
      for (const v of requiredVars(cls)) {
        if (values[v] === undefined && fromSecrets.get(v)?.optional !== false) problems.push(`${name}: ${className} requires ${v}`);
      }
      const errors = validateSync(plainToInstance(cls, { ...values }, { enableImplicitConversion: true }), {
        validationError: { target: false, value: false },
      });
      for (const e of errors.filter((x) => !fromSecrets.has(x.property))) {
        problems.push(`${name}: ${className} refuses ${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`);
      }
    }
  }
  return problems;
}

// ---- helpers for the negative checks ------------------------------------------------------------------------------

function deployment(objects: Manifest[], name: string): IDeployment & Manifest {
  const found = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
  if (!found) throw new Error(`no Deployment ${name}`);
  return found as IDeployment & Manifest;
}
const container = (objects: Manifest[], name: string) => deployment(objects, name).spec!.template.spec!.containers[0]!;
const find = (objects: Manifest[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name)!;
/** A backup CronJob's pod spec (ADR 0068). */
const backupPod = (objects: Manifest[], name: string) =>
  (find(objects, 'CronJob', name) as ICronJob & Manifest).spec!.jobTemplate.spec!.template.spec!;

// ---- the checks ---------------------------------------------------------------------------------------------------

describe('infra/k8s', () => {
  it('reads its facts from the code', () => {
    expect(Object.keys(facts.entries)).toEqual(expect.arrayContaining(['gateway', ...SERVICE_NAMES, 'stripe-emulator']));
    expect(facts.drainMs).toBeGreaterThan(0);
    expect(facts.forceExitMs).toBeGreaterThanOrEqual(facts.drainMs);
  });

  describe.each(OVERLAYS)('overlay %s', (overlay) => {
    it('renders, and every object passes its schema and every rule', () => {
      const objects = render(overlay);
      expect(objects.length).toBeGreaterThan(20);
      expect(manifestProblems(objects, overlay, facts)).toEqual([]);
    });

    it('puts everything in one namespace and renders no Secret', () => {
      const objects = render(overlay);
      const namespaces = new Set(objects.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace));
      expect(namespaces.size).toBe(1);
      expect(objects.find((o) => o.kind === 'Namespace')?.metadata.name).toBe([...namespaces][0]);
      expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    });

    it('gives every process the env its env classes require (literals and ConfigMaps valid, credentials from Secrets)', async () => {
      expect(await envProblems(render(overlay))).toEqual([]);
    });
  });

  describe('the rules catch what they are for', () => {
    const mutations: [string, (objects: Manifest[]) => void, RegExp][] = [
      [
        'a missing readiness probe',
        (o) => delete container(o, 'payments').readinessProbe,
        /Deployment\/payments container payments: no readinessProbe/,
      ],
      [
        'a gateway readiness probe that asks every service',
        (o) => (container(o, 'gateway').readinessProbe!.httpGet = { path: '/api/health/ready', port: 'http' }),
        /gateway: readinessProbe on \/api\/health\/ready makes every gateway unready/,
      ],
      [
        'a missing liveness probe',
        (o) => delete container(o, 'gateway').livenessProbe,
        /Deployment\/gateway container gateway: no livenessProbe/,
      ],
      [
        'a probe on an undeclared port',
        (o) => (container(o, 'catalog').readinessProbe!.httpGet!.port = 8080),
        /readiness probes port 8080/,
      ],
      [
        'an image tagged latest',
        (o) => (container(o, 'catalog').image = 'paymarket/app:latest'),
        /catalog: image paymarket\/app:latest is tagged latest/,
      ],
      ['an untagged image', (o) => (container(o, 'requests').image = 'registry.local:5000/paymarket/app'), /requests: image .* has no tag/],
      [
        'missing limits',
        (o) => delete container(o, 'notifications').resources!.limits,
        /notifications: resources\.limits needs cpu and memory/,
      ],
      [
        'a writable root filesystem',
        (o) => (container(o, 'onboarding').securityContext!.readOnlyRootFilesystem = false),
        /onboarding: .*readOnlyRootFilesystem/,
      ],
      [
        'a command that is not the entry file',
        (o) => (container(o, 'requests').command = ['node', 'services/catalog/dist/main.js']),
        /requests: command/,
      ],
      [
        'an inlined DATABASE_URL',
        (o) => container(o, 'catalog').env!.push({ name: 'DATABASE_URL', value: 'postgres://u:p@db/paymarket' }),
        /catalog: DATABASE_URL is inlined/,
      ],
      [
        'a Secret with data',
        (o) => o.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'paymarket-database' }, stringData: { DATABASE_URL: 'x' } }),
        /Secret\/paymarket-database: rendered with stringData/,
      ],
      [
        'a schema violation',
        (o) => (container(o, 'gateway').ports![0]!.containerPort = 'http' as unknown as number),
        /Deployment\/gateway: schema/,
      ],
      [
        'a short grace period',
        (o) => (deployment(o, 'payments').spec!.template.spec!.terminationGracePeriodSeconds = 10),
        /payments: terminationGracePeriodSeconds 10/,
      ],
      [
        'no grace period',
        (o) => delete deployment(o, 'requests').spec!.template.spec!.terminationGracePeriodSeconds,
        /requests: terminationGracePeriodSeconds is not set/,
      ],
      ['fixed replicas under an autoscaler', (o) => (deployment(o, 'catalog').spec!.replicas = 3), /catalog: sets replicas/],
      [
        'a missing PDB',
        (o) => o.splice(o.indexOf(find(o, 'PodDisruptionBudget', 'catalog')), 1),
        /Deployment\/catalog: no PodDisruptionBudget/,
      ],
      ['a missing Service', (o) => o.splice(o.indexOf(find(o, 'Service', 'onboarding')), 1), /Deployment\/onboarding: no Service/],
      ['a missing HPA', (o) => o.splice(o.indexOf(find(o, 'HorizontalPodAutoscaler', 'gateway')), 1), /gateway: no autoscaling\/v2/],
      [
        "another service's queue",
        (o) =>
          ((
            find(o, 'ScaledObject', 'payments').spec as { triggers: { metadata: { queueName: string } }[] }
          ).triggers[0]!.metadata.queueName = 'paymarket.catalog'),
        /ScaledObject\/payments: queueName paymarket\.catalog is not paymarket\.payments/,
      ],
      [
        'a single payments consumer in production',
        (o) => ((find(o, 'ScaledObject', 'payments').spec as { minReplicaCount: number }).minReplicaCount = 1),
        /ScaledObject\/payments: minReplicaCount 1 < 2/,
      ],
      [
        'a service open to everyone',
        (o) =>
          o.push({
            apiVersion: 'networking.k8s.io/v1',
            kind: 'NetworkPolicy',
            metadata: { name: 'payments-open' },
            spec: { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'payments' } }, ingress: [{}] },
          }),
        /NetworkPolicy\/payments-open: ingress rule 0 lets traffic from outside/,
      ],
      [
        'monitoring let past the metrics port',
        (o) => ((find(o, 'NetworkPolicy', 'metrics-from-monitoring').spec as { ingress: { ports: unknown[] }[] }).ingress[0]!.ports = []),
        /NetworkPolicy\/metrics-from-monitoring: ingress rule 0/,
      ],
      ['no default deny', (o) => o.splice(o.indexOf(find(o, 'NetworkPolicy', 'default-deny-ingress')), 1), /no default deny/],
      [
        'no scrape annotation',
        (o) => delete deployment(o, 'requests').spec!.template.metadata!.annotations,
        /requests: pod template lacks prometheus/,
      ],
      [
        'a KEDA schema violation',
        (o) => ((find(o, 'ScaledObject', 'catalog').spec as { minReplicaCount: unknown }).minReplicaCount = 'two'),
        /ScaledObject\/catalog: schema/,
      ],
      ['no Ingress', (o) => o.splice(o.indexOf(find(o, 'Ingress', 'gateway')), 1), /production: no Ingress/],
      [
        'an optional embed token secret in production',
        (o) => (container(o, 'gateway').env!.find((e) => e.name === 'EMBED_TOKEN_SECRET')!.valueFrom!.secretKeyRef!.optional = true),
        /production: the gateway must require EMBED_TOKEN_SECRET/,
      ],
      [
        "optional keys for administrators' TOTP secrets in production",
        (o) => (container(o, 'onboarding').env!.find((e) => e.name === 'ADMIN_FACTOR_KEYS')!.valueFrom!.secretKeyRef!.optional = true),
        /production: onboarding must require ADMIN_FACTOR_KEYS/,
      ],
      [
        "no keys for administrators' TOTP secrets in production",
        (o) => {
          const env = container(o, 'onboarding').env!;
          env.splice(
            env.findIndex((e) => e.name === 'ADMIN_FACTOR_KEYS'),
            1,
          );
        },
        /production: onboarding must require ADMIN_FACTOR_KEYS/,
      ],
      [
        'no differential backup',
        (o) => o.splice(o.indexOf(find(o, 'CronJob', 'pgbackrest-diff')), 1),
        /CronJob\/pgbackrest-diff: missing \(a diff backup every day\)/,
      ],
      [
        'a full backup every day',
        (o) => ((find(o, 'CronJob', 'pgbackrest-full') as ICronJob & Manifest).spec!.schedule = '0 2 * * *'),
        /CronJob\/pgbackrest-full: schedule "0 2 \* \* \*" is not once a week/,
      ],
      [
        'backups that may overlap',
        (o) => ((find(o, 'CronJob', 'pgbackrest-diff') as ICronJob & Manifest).spec!.concurrencyPolicy = 'Allow'),
        /CronJob\/pgbackrest-diff: concurrencyPolicy must be Forbid/,
      ],
      [
        'a backup written to another volume than the repository',
        (o) =>
          (backupPod(o, 'pgbackrest-full').volumes!.find((v) => v.persistentVolumeClaim)!.persistentVolumeClaim!.claimName = 'scratch'),
        /CronJob\/pgbackrest-full: does not mount the repository host's volume/,
      ],
      [
        'a backup scheduled away from the repository volume',
        (o) => delete backupPod(o, 'pgbackrest-diff').affinity,
        /CronJob\/pgbackrest-diff: no pod affinity to the repository host's node/,
      ],
      [
        'a retention other than two full backups',
        (o) => {
          const conf = o.find((x) => x.kind === 'ConfigMap' && x.metadata.name.startsWith('pgbackrest-config')) as Manifest & {
            data: Record<string, string>;
          };
          conf.data['pgbackrest.conf'] = conf.data['pgbackrest.conf']!.replace('repo1-retention-full=2', 'repo1-retention-full=9');
        },
        /pgbackrest\.conf: repo1-retention-full is not 2/,
      ],
      [
        "the repository host reachable from outside on another port than pgBackRest's",
        (o) => ((find(o, 'NetworkPolicy', 'pgbackrest-repo') as INetworkPolicy & Manifest).spec!.ingress![0]!.ports = [{ port: 5432 }]),
        /NetworkPolicy\/pgbackrest-repo: ingress rule 0 lets traffic from outside the namespace/,
      ],
    ];

    it.each(mutations)('reports %s', (_what, mutate, expected) => {
      const objects = render('production');
      mutate(objects);
      const problems = manifestProblems(objects, 'production', facts);
      expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
    });

    it('reports env a process would refuse at boot', async () => {
      const objects = render('production');
      const env = container(objects, 'payments').env!;
      env.splice(
        env.findIndex((e) => e.name === 'DATABASE_URL'),
        1,
      );
      container(objects, 'gateway').env!.find((e) => e.name === 'TRUST_PROXY')!.value = 'yes';
      expect(await envProblems(objects)).toEqual(
        expect.arrayContaining([
          'payments: CommonEnv requires DATABASE_URL',
          expect.stringMatching(/^gateway: GatewayEnv refuses TRUST_PROXY/),
        ]),
      );
    });

    it('reports a development payments that does not reach the emulator', () => {
      const objects = render('development');
      const env = container(objects, 'payments').env!;
      env.splice(
        env.findIndex((e) => e.name === 'STRIPE_API_URL'),
        1,
      );
      expect(manifestProblems(objects, 'development', facts)).toEqual(
        expect.arrayContaining([expect.stringMatching(/development: payments' STRIPE_API_URL \(undefined\)/)]),
      );
    });
  });
});
