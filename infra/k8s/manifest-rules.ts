// The rules infra/k8s/k8s.spec.ts holds the rendered overlays to: plain functions over parsed objects that return
// the problems they find (an empty list when all is well), so the spec can also feed them broken copies and see
// each rule fire. Nothing here talks to a cluster.
import {
  ConfigMap,
  Namespace,
  PersistentVolumeClaim,
  Secret,
  Service,
  type IContainer,
  type IPodSpec,
  type IProbe,
} from 'kubernetes-models/v1';
import { Deployment, StatefulSet, type IDeployment, type IStatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { CronJob, Job, type ICronJob } from 'kubernetes-models/batch/v1';
import {
  Ingress,
  NetworkPolicy,
  type IIngress,
  type INetworkPolicy,
  type INetworkPolicyPeer,
} from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import {
  ScaledObject,
  TriggerAuthentication,
  type IScaledObject,
  type ITriggerAuthentication,
} from '@kubernetes-models/keda/keda.sh/v1alpha1';

/** One rendered document, before we know its kind. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

type Validating = new (data: never) => { validate(): void };

/** The schema of every kind the overlays may render (Kubernetes OpenAPI and the KEDA CRDs). */
const MODELS: Record<string, Validating> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'batch/v1/Job': Job,
  'batch/v1/CronJob': CronJob,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

/** What the code says, read from the sources by the spec (so a change there is checked here). */
export interface CodeFacts {
  /** infra/cluster/start.mjs ENTRY: process name → entry file. */
  entries: Record<string, string>;
  /** libs/contracts SERVICE_NAMES and queueOf. */
  services: readonly string[];
  queueOf: (service: string) => string;
  /** runMain's forced exit after SIGTERM (ms); drainBeforeClose's default wait for in-flight messages (ms). */
  forceExitMs: number;
  drainMs: number;
}

export type Overlay = 'development' | 'production';

/** Env vars that carry credentials: they may only come from a Secret. */
export const SECRET_ENV = [
  'DATABASE_URL',
  'AMQP_URL',
  'REDIS_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'WEBHOOK_SECRET_KEYS',
  'ADMIN_FACTOR_KEYS',
  'SMTP_URL',
  'EMBED_TOKEN_SECRET',
] as const;
const SECRETISH_NAME = /SECRET|PASSWORD|TOKEN|_KEYS?$/;
const CREDENTIALS_IN_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]+:[^/@\s]+@/i;

const METRICS_PORT = 9464;
const MONITORING_NAMESPACE = 'monitoring';
const GATEWAY = 'gateway';
const STRIPE_EMULATOR = 'stripe-emulator';
/** pgBackRest (ADR 0068): the repository host, its TLS port, and the scheduled backups with their cron schedules. */
const PGBACKREST_REPO = 'pgbackrest-repo';
const PGBACKREST_TLS_PORTS: (string | number)[] = ['pgbackrest', 8432];
const BACKUPS = [
  { name: 'pgbackrest-full', type: 'full', every: 'week' },
  { name: 'pgbackrest-diff', type: 'diff', every: 'day' },
] as const;
const RETENTION = { 'repo1-retention-full': '2', 'repo1-retention-diff': '7' };

const nameOf = (o: Manifest): string => `${o.kind}/${o.metadata.name}`;
const ofKind = <T>(objects: Manifest[], kind: string): (T & Manifest)[] => objects.filter((o) => o.kind === kind) as (T & Manifest)[];

function matches(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

/** Every object validates against its schema; kinds we have no schema for are problems too. */
export function schemaProblems(objects: Manifest[]): string[] {
  const problems: string[] = [];
  for (const object of objects) {
    const Model = MODELS[`${object.apiVersion}/${object.kind}`];
    if (!Model) {
      problems.push(`${nameOf(object)}: no schema for ${object.apiVersion} ${object.kind} (add it to MODELS)`);
      continue;
    }
    try {
      new Model(structuredClone(object) as never).validate();
    } catch (err) {
      problems.push(`${nameOf(object)}: schema: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return problems;
}

function imageProblem(image: string | undefined): string | undefined {
  if (!image) return 'no image';
  if (image.includes('@sha256:')) return undefined;
  const lastSegment = image.split('/').pop()!;
  if (!lastSegment.includes(':')) return `image ${image} has no tag (pin a version or a digest)`;
  if (lastSegment.endsWith(':latest')) return `image ${image} is tagged latest (pin a version or a digest)`;
  return undefined;
}

function probePortProblem(what: string, probe: IProbe | undefined, container: IContainer): string | undefined {
  const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port;
  if (port === undefined) return undefined;
  const declared = (container.ports ?? []).some((p) => p.name === port || p.containerPort === port);
  return declared ? undefined : `${what} probes port ${port}, which the container does not declare`;
}

function preStopSleepSeconds(container: IContainer): number {
  const hook = container.lifecycle?.preStop;
  const command = hook?.exec?.command;
  if (command?.[0] === 'sleep' && command[1]) return Number(command[1]);
  const sleep = (hook as { sleep?: { seconds?: number } } | undefined)?.sleep;
  return sleep?.seconds ?? 0;
}

/** Containers: image, command, resources, probes, hardening, env from Secrets. */
function containerProblems(
  deployment: IDeployment & Manifest,
  facts: CodeFacts,
  configMaps: Map<string, Record<string, string>>,
): string[] {
  const problems: string[] = [];
  const name = deployment.metadata.name;
  const pod = deployment.spec?.template.spec;
  const containers = pod?.containers ?? [];
  const all = [...(pod?.initContainers ?? []).map((c) => ({ c, init: true })), ...containers.map((c) => ({ c, init: false }))];
  for (const { c, init } of all) {
    const where = `Deployment/${name} container ${c.name}`;
    const image = imageProblem(c.image);
    if (image) problems.push(`${where}: ${image}`);
    for (const kind of ['requests', 'limits'] as const) {
      const r = c.resources?.[kind];
      if (!r?.cpu || !r?.memory) problems.push(`${where}: resources.${kind} needs cpu and memory`);
    }
    if (!init) {
      if (!c.readinessProbe) problems.push(`${where}: no readinessProbe`);
      if (!c.livenessProbe) problems.push(`${where}: no livenessProbe`);
      for (const [what, probe] of [
        ['readiness', c.readinessProbe],
        ['liveness', c.livenessProbe],
        ['startup', c.startupProbe],
      ] as const) {
        const problem = probePortProblem(what, probe, c);
        if (problem) problems.push(`${where}: ${problem}`);
      }
    }
    const sc = c.securityContext;
    if (sc?.allowPrivilegeEscalation !== false) problems.push(`${where}: securityContext.allowPrivilegeEscalation must be false`);
    if (sc?.readOnlyRootFilesystem !== true) problems.push(`${where}: securityContext.readOnlyRootFilesystem must be true`);
    if (!sc?.capabilities?.drop?.includes('ALL')) problems.push(`${where}: securityContext.capabilities.drop must include ALL`);
    if (sc?.privileged) problems.push(`${where}: privileged`);
    if (sc?.runAsNonRoot !== true && pod?.securityContext?.runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot is not set`);
    if ((sc?.runAsUser ?? pod?.securityContext?.runAsUser) === 0) problems.push(`${where}: runs as uid 0`);

    // The process the container runs is one of cluster mode's entry files (one image, the command picks).
    const expected = facts.entries[name];
    const command = [...(c.command ?? []), ...(c.args ?? [])];
    if (!init && (!expected || command.join(' ') !== `node ${expected}`)) {
      problems.push(`${where}: command ${JSON.stringify(command)} is not ["node", "${expected ?? `<no ENTRY for ${name}>`}"]`);
    }

    // Credentials only by reference.
    for (const env of c.env ?? []) {
      const secretish = (SECRET_ENV as readonly string[]).includes(env.name) || SECRETISH_NAME.test(env.name);
      if (env.value !== undefined && secretish) problems.push(`${where}: ${env.name} is inlined; take it from a Secret (secretKeyRef)`);
      if (env.value !== undefined && CREDENTIALS_IN_URL.test(env.value)) problems.push(`${where}: ${env.name} carries credentials inline`);
      if (secretish && env.valueFrom && !env.valueFrom.secretKeyRef) problems.push(`${where}: ${env.name} must come from a secretKeyRef`);
    }
    for (const source of c.envFrom ?? []) {
      const data = source.configMapRef ? configMaps.get(source.configMapRef.name ?? '') : undefined;
      if (source.configMapRef && !data) problems.push(`${where}: envFrom ConfigMap ${source.configMapRef.name} is not rendered`);
      for (const [key, value] of Object.entries(data ?? {})) {
        if ((SECRET_ENV as readonly string[]).includes(key) || SECRETISH_NAME.test(key) || CREDENTIALS_IN_URL.test(value)) {
          problems.push(`${where}: ${key} comes from ConfigMap ${source.configMapRef?.name}; credentials belong in a Secret`);
        }
      }
    }
  }
  return problems;
}

/** The values a container gets from literals and ConfigMaps, and the names it gets from Secrets. */
export function containerEnv(
  container: IContainer,
  configMaps: Map<string, Record<string, string>>,
): { values: Record<string, string>; fromSecrets: Map<string, { optional: boolean }> } {
  const values: Record<string, string> = {};
  const fromSecrets = new Map<string, { optional: boolean }>();
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(values, configMaps.get(source.configMapRef.name ?? '') ?? {});
  }
  for (const env of container.env ?? []) {
    if (env.value !== undefined) values[env.name] = env.value;
    const ref = env.valueFrom?.secretKeyRef;
    if (ref) fromSecrets.set(env.name, { optional: ref.optional === true });
    const cm = env.valueFrom?.configMapKeyRef;
    if (cm) {
      const value = configMaps.get(cm.name ?? '')?.[cm.key];
      if (value !== undefined) values[env.name] = value;
    }
  }
  return { values, fromSecrets };
}

export function configMapsOf(objects: Manifest[]): Map<string, Record<string, string>> {
  return new Map(ofKind<{ data?: Record<string, string> }>(objects, 'ConfigMap').map((cm) => [cm.metadata.name, cm.data ?? {}]));
}

/** Peers that can be outside the namespace: no `from` at all, an ipBlock, or any namespaceSelector. */
function externalPeers(from: INetworkPolicyPeer[] | undefined): INetworkPolicyPeer[] | 'anyone' {
  if (!from || from.length === 0) return 'anyone';
  return from.filter((peer) => peer.ipBlock || peer.namespaceSelector);
}

function networkPolicyProblems(objects: Manifest[]): string[] {
  const problems: string[] = [];
  const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
  const defaultDeny = policies.some(
    (p) =>
      Object.keys(p.spec?.podSelector?.matchLabels ?? {}).length === 0 &&
      !(p.spec?.podSelector?.matchExpressions ?? []).length &&
      (p.spec?.policyTypes ?? []).includes('Ingress') &&
      (p.spec?.ingress ?? []).length === 0,
  );
  if (!defaultDeny) problems.push('NetworkPolicy: no default deny of ingress for the namespace (podSelector {}, no ingress rules)');

  for (const policy of policies) {
    const selectsOnlyGateway = policy.spec?.podSelector?.matchLabels?.['app.kubernetes.io/name'] === GATEWAY;
    for (const [i, rule] of (policy.spec?.ingress ?? []).entries()) {
      const external = externalPeers(rule.from);
      if (external !== 'anyone' && external.length === 0) continue; // pods of this namespace only
      if (selectsOnlyGateway) continue; // the gateway is the entry point
      if (pgbackrestArchivePush(policy, rule.ports)) continue; // the database host pushes its WAL
      // Anyone else: only Prometheus in the monitoring namespace, only on the metrics port.
      const onlyMetrics = (rule.ports ?? []).length > 0 && (rule.ports ?? []).every((p) => p.port === 'metrics' || p.port === METRICS_PORT);
      const onlyMonitoring =
        external !== 'anyone' &&
        external.every(
          (peer) => !peer.ipBlock && peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === MONITORING_NAMESPACE,
        );
      if (!onlyMetrics || !onlyMonitoring) {
        problems.push(
          `NetworkPolicy/${policy.metadata.name}: ingress rule ${i} lets traffic from outside the namespace reach pods other than the gateway (only the monitoring namespace on the metrics port may)`,
        );
      }
    }
  }
  return problems;
}

/** A rule that lets only pgBackRest's TLS port of the repository host be reached (the database host's archive-push). */
function pgbackrestArchivePush(policy: INetworkPolicy & Manifest, ports: { port?: string | number }[] | undefined): boolean {
  const selects = policy.spec?.podSelector?.matchLabels;
  if (!selects || Object.keys(selects).length !== 1 || selects['app.kubernetes.io/name'] !== PGBACKREST_REPO) return false;
  return (ports ?? []).length > 0 && (ports ?? []).every((p) => p.port !== undefined && PGBACKREST_TLS_PORTS.includes(p.port));
}

/** A cron schedule that runs once a week (one day of the week) or once a day (every day of the month). */
function cronEvery(schedule: string | undefined): 'week' | 'day' | 'other' {
  const [minute, hour, dom, month, dow] = (schedule ?? '').trim().split(/\s+/);
  const fixed = (f: string | undefined) => /^\d+$/.test(f ?? '');
  if (!fixed(minute) || !fixed(hour) || dom !== '*' || month !== '*') return 'other';
  if (fixed(dow)) return 'week';
  return dow === '*' || /^\d-\d$/.test(dow ?? '') ? 'day' : 'other';
}

/** Hardening, resources and a pinned image for a backup pod (they are not PayMarket processes, so not containerProblems). */
function backupPodProblems(where: string, pod: IPodSpec | undefined): string[] {
  const problems: string[] = [];
  for (const c of pod?.containers ?? []) {
    const image = imageProblem(c.image);
    if (image) problems.push(`${where}: ${image}`);
    for (const kind of ['requests', 'limits'] as const) {
      if (!c.resources?.[kind]?.cpu || !c.resources?.[kind]?.memory) problems.push(`${where}: resources.${kind} needs cpu and memory`);
    }
    const sc = c.securityContext;
    if (sc?.allowPrivilegeEscalation !== false || sc?.readOnlyRootFilesystem !== true || !sc?.capabilities?.drop?.includes('ALL')) {
      problems.push(`${where}: container ${c.name} is not hardened (no privilege escalation, read-only root, drop ALL)`);
    }
    if (sc?.runAsNonRoot !== true && pod?.securityContext?.runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot is not set`);
  }
  return problems;
}

const claimsOf = (pod: IPodSpec | undefined): string[] =>
  (pod?.volumes ?? []).map((v) => v.persistentVolumeClaim?.claimName).filter((c): c is string => Boolean(c));

/**
 * Backups (ADR 0068): the repository host (one replica) on a PersistentVolumeClaim, a weekly full and a daily
 * differential CronJob on the same volume that never overlap, and the retention in pgbackrest.conf.
 */
function backupProblems(objects: Manifest[], configMaps: Map<string, Record<string, string>>): string[] {
  const problems: string[] = [];
  const repo = ofKind<IStatefulSet>(objects, 'StatefulSet').find((s) => s.metadata.name === PGBACKREST_REPO);
  const claims = new Set(ofKind<Manifest>(objects, 'PersistentVolumeClaim').map((c) => c.metadata.name));
  if (!repo) return [`no StatefulSet ${PGBACKREST_REPO} (the pgBackRest repository host)`];
  if (repo.spec?.replicas !== 1) problems.push(`StatefulSet/${PGBACKREST_REPO}: exactly 1 replica (two would write one repository)`);
  problems.push(...backupPodProblems(`StatefulSet/${PGBACKREST_REPO}`, repo.spec?.template.spec));
  const repoClaims = claimsOf(repo.spec?.template.spec);
  if (repoClaims.length === 0 || !repoClaims.every((c) => claims.has(c))) {
    problems.push(`StatefulSet/${PGBACKREST_REPO}: the repository is not on a rendered PersistentVolumeClaim`);
  }
  const cronJobs = ofKind<ICronJob>(objects, 'CronJob');
  for (const backup of BACKUPS) {
    const where = `CronJob/${backup.name}`;
    const job = cronJobs.find((c) => c.metadata.name === backup.name);
    if (!job) {
      problems.push(`${where}: missing (a ${backup.type} backup every ${backup.every})`);
      continue;
    }
    const pod = job.spec?.jobTemplate.spec?.template.spec;
    const command = [...(pod?.containers[0]?.command ?? []), ...(pod?.containers[0]?.args ?? [])].join(' ');
    if (command !== `pgbackrest --stanza=paymarket --type=${backup.type} backup`) {
      problems.push(`${where}: command "${command}" is not "pgbackrest --stanza=paymarket --type=${backup.type} backup"`);
    }
    if (cronEvery(job.spec?.schedule) !== backup.every)
      problems.push(`${where}: schedule "${job.spec?.schedule}" is not once a ${backup.every}`);
    if (job.spec?.concurrencyPolicy !== 'Forbid') problems.push(`${where}: concurrencyPolicy must be Forbid (backups never overlap)`);
    const jobClaims = claimsOf(pod);
    if (jobClaims.join() !== repoClaims.join())
      problems.push(`${where}: does not mount the repository host's volume (${repoClaims.join()})`);
    const affinity = pod?.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
    const besideRepo = affinity.some(
      (a) => a.labelSelector?.matchLabels?.['app.kubernetes.io/name'] === PGBACKREST_REPO && a.topologyKey === 'kubernetes.io/hostname',
    );
    if (!besideRepo) problems.push(`${where}: no pod affinity to the repository host's node (its volume is ReadWriteOnce)`);
    problems.push(...backupPodProblems(where, pod));
  }
  const conf = [...configMaps.entries()].find(([name]) => name.startsWith('pgbackrest-config'))?.[1]?.['pgbackrest.conf'];
  if (!conf) problems.push('ConfigMap pgbackrest-config: no pgbackrest.conf');
  for (const [key, value] of Object.entries(RETENTION)) {
    if (conf && !new RegExp(`^${key}=${value}$`, 'm').test(conf)) problems.push(`pgbackrest.conf: ${key} is not ${value}`);
  }
  return problems;
}

/** Every rule over one rendered overlay. */
export function manifestProblems(objects: Manifest[], overlay: Overlay, facts: CodeFacts): string[] {
  const problems: string[] = [...schemaProblems(objects)];
  const configMaps = configMapsOf(objects);

  for (const secret of ofKind<{ data?: unknown; stringData?: unknown }>(objects, 'Secret')) {
    problems.push(
      `Secret/${secret.metadata.name}: rendered with ${secret.data ? 'data' : secret.stringData ? 'stringData' : 'no data'}; secrets are created outside kustomize and referenced by name`,
    );
  }

  const deployments = ofKind<IDeployment>(objects, 'Deployment');
  const services = ofKind<{ spec?: { selector?: Record<string, string>; ports?: { name?: string; port: number }[] } }>(objects, 'Service');
  const pdbs = ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');
  const hpas = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
  const scaledObjects = ofKind<IScaledObject>(objects, 'ScaledObject');
  const triggerAuths = ofKind<ITriggerAuthentication>(objects, 'TriggerAuthentication');

  const expectedProcesses = [GATEWAY, ...facts.services, ...(overlay === 'development' ? [STRIPE_EMULATOR] : [])].sort();
  const rendered = deployments.map((d) => d.metadata.name).sort();
  if (rendered.join() !== expectedProcesses.join()) {
    problems.push(`Deployments ${rendered.join(', ')} are not the processes ${expectedProcesses.join(', ')} (${overlay})`);
  }

  for (const deployment of deployments) {
    const name = deployment.metadata.name;
    const where = `Deployment/${name}`;
    const pod = deployment.spec?.template;
    const podLabels = pod?.metadata?.labels;
    problems.push(...containerProblems(deployment, facts, configMaps));
    if (!matches(deployment.spec?.selector.matchLabels, podLabels)) problems.push(`${where}: selector does not match its pod labels`);

    // Graceful shutdown fits in the grace period: preStop sleep, then the in-flight drain or runMain's forced exit.
    const grace = pod?.spec?.terminationGracePeriodSeconds;
    const main = pod?.spec?.containers[0];
    if (grace === undefined) problems.push(`${where}: terminationGracePeriodSeconds is not set`);
    else if (name !== STRIPE_EMULATOR) {
      const needed = (main ? preStopSleepSeconds(main) : 0) + Math.max(facts.forceExitMs, facts.drainMs) / 1000;
      if (grace <= needed)
        problems.push(`${where}: terminationGracePeriodSeconds ${grace} is not above the shutdown budget of ${needed} s`);
    }

    const service = services.find((s) => s.metadata.name === name);
    if (!service || !matches(service.spec?.selector, podLabels)) problems.push(`${where}: no Service ${name} selecting its pods`);
    if (!pdbs.some((p) => matches(p.spec?.selector?.matchLabels, podLabels)))
      problems.push(`${where}: no PodDisruptionBudget selecting its pods`);

    if (name === STRIPE_EMULATOR) {
      if (deployment.spec?.replicas !== 1) problems.push(`${where}: the emulator keeps state in memory: exactly 1 replica`);
      continue;
    }

    // Observability contract: METRICS_PORT, a `metrics` port, scrape annotations, a trace service name.
    const env = main ? containerEnv(main, configMaps) : { values: {} as Record<string, string>, fromSecrets: new Map() };
    const metricsPort = main?.ports?.find((p) => p.name === 'metrics')?.containerPort;
    if (metricsPort === undefined || String(metricsPort) !== env.values.METRICS_PORT) {
      problems.push(`${where}: METRICS_PORT (${env.values.METRICS_PORT}) and the container port named metrics (${metricsPort}) differ`);
    }
    const annotations = pod?.metadata?.annotations ?? {};
    if (annotations['prometheus.io/scrape'] !== 'true' || annotations['prometheus.io/port'] !== String(metricsPort)) {
      problems.push(`${where}: pod template lacks prometheus.io/scrape "true" and prometheus.io/port "${metricsPort}"`);
    }
    if (env.values.OTEL_SERVICE_NAME !== name) problems.push(`${where}: OTEL_SERVICE_NAME is not ${name}`);

    // Replicas belong to the autoscaler: a Deployment that set them would fight it on every apply.
    if (deployment.spec?.replicas !== undefined) problems.push(`${where}: sets replicas although an autoscaler owns them`);
    const hpa = hpas.filter((h) => h.spec?.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name);
    const scaled = scaledObjects.filter(
      (s) => s.spec.scaleTargetRef.name === name && (s.spec.scaleTargetRef.kind ?? 'Deployment') === 'Deployment',
    );
    if (hpa.length + scaled.length > 1) problems.push(`${where}: more than one autoscaler targets it`);

    if (name === GATEWAY) {
      const cpu = hpa[0]?.spec?.metrics?.some((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
      if (!hpa[0] || !cpu) problems.push(`${where}: no autoscaling/v2 HorizontalPodAutoscaler on CPU`);
      // Readiness must not cascade: /api/health/ready asks every service, so one service down would empty the Service.
      if (main?.readinessProbe?.httpGet?.path === '/api/health/ready') {
        problems.push(`${where}: readinessProbe on /api/health/ready makes every gateway unready when one service is down`);
      }
      if (main && preStopSleepSeconds(main) <= 0) problems.push(`${where}: no preStop sleep (endpoints must go before the server stops)`);
      continue;
    }

    // A service: scaled by KEDA on its own queue's backlog.
    const so = scaled[0];
    if (!so) {
      problems.push(`${where}: no KEDA ScaledObject`);
      continue;
    }
    const minReplicas = so.spec.minReplicaCount ?? 0;
    const atLeast = overlay === 'production' && (name === 'payments' || name === 'notifications') ? 2 : 1;
    if (minReplicas < atLeast)
      problems.push(`ScaledObject/${so.metadata.name}: minReplicaCount ${minReplicas} < ${atLeast} (it must keep consuming)`);
    if ((so.spec.maxReplicaCount ?? 100) < Math.max(1, minReplicas))
      problems.push(`ScaledObject/${so.metadata.name}: maxReplicaCount below minReplicaCount`);
    const rabbit = so.spec.triggers.filter((t) => t.type === 'rabbitmq');
    if (rabbit.length === 0) problems.push(`ScaledObject/${so.metadata.name}: no rabbitmq trigger`);
    for (const trigger of rabbit) {
      const queue = facts.queueOf(name);
      if (trigger.metadata.queueName !== queue) {
        problems.push(`ScaledObject/${so.metadata.name}: queueName ${trigger.metadata.queueName} is not ${queue}`);
      }
      if (trigger.metadata.mode !== 'QueueLength' || !/^\d+$/.test(trigger.metadata.value ?? '')) {
        problems.push(`ScaledObject/${so.metadata.name}: rabbitmq trigger needs mode QueueLength and a whole-number value`);
      }
      if (trigger.metadata.host) problems.push(`ScaledObject/${so.metadata.name}: host is inlined; use a TriggerAuthentication`);
      const auth = triggerAuths.find((a) => a.metadata.name === trigger.authenticationRef?.name);
      if (!auth?.spec.secretTargetRef?.some((r) => r.parameter === 'host' && r.name && r.key)) {
        problems.push(`ScaledObject/${so.metadata.name}: authenticationRef must name a TriggerAuthentication giving host from a Secret`);
      }
    }
  }

  problems.push(...networkPolicyProblems(objects));
  problems.push(...backupProblems(objects, configMaps));
  problems.push(...overlayProblems(objects, overlay, configMaps));
  return problems;
}

function mainEnv(objects: Manifest[], name: string, configMaps: Map<string, Record<string, string>>) {
  const deployment = ofKind<IDeployment>(objects, 'Deployment').find((d) => d.metadata.name === name);
  const container = deployment?.spec?.template.spec?.containers[0];
  return container ? containerEnv(container, configMaps) : undefined;
}

function overlayProblems(objects: Manifest[], overlay: Overlay, configMaps: Map<string, Record<string, string>>): string[] {
  const problems: string[] = [];
  const payments = mainEnv(objects, 'payments', configMaps);
  const gateway = mainEnv(objects, GATEWAY, configMaps);
  const notifications = mainEnv(objects, 'notifications', configMaps);
  const onboarding = mainEnv(objects, 'onboarding', configMaps);
  if (overlay === 'production') {
    if (gateway?.values.NODE_ENV !== 'production') problems.push('production: NODE_ENV is not production');
    if (!/^https?:\/\/\S+$/.test(gateway?.values.OTEL_EXPORTER_OTLP_ENDPOINT ?? '')) {
      problems.push('production: OTEL_EXPORTER_OTLP_ENDPOINT is not set to the collector');
    }
    if (payments?.values.STRIPE_API_URL) problems.push('production: payments must talk to Stripe itself (no STRIPE_API_URL)');
    if (gateway?.fromSecrets.get('REDIS_URL')?.optional !== false)
      problems.push('production: the gateway must require REDIS_URL (shared rate limits)');
    if (notifications?.fromSecrets.get('WEBHOOK_SECRET_KEYS')?.optional !== false) {
      problems.push('production: notifications must require WEBHOOK_SECRET_KEYS');
    }
    if (onboarding?.fromSecrets.get('ADMIN_FACTOR_KEYS')?.optional !== false) {
      problems.push('production: onboarding must require ADMIN_FACTOR_KEYS');
    }
    if (gateway?.fromSecrets.get('EMBED_TOKEN_SECRET')?.optional !== false) {
      problems.push('production: the gateway must require EMBED_TOKEN_SECRET (embed widget tokens)');
    }
    const ingress = ofKind<IIngress>(objects, 'Ingress');
    const toGateway = ingress.some((i) =>
      (i.spec?.rules ?? []).some((r) => (r.http?.paths ?? []).some((p) => p.backend.service?.name === GATEWAY)),
    );
    if (!toGateway) problems.push('production: no Ingress routes to the gateway Service');
    if (!ingress.every((i) => (i.spec?.tls ?? []).length > 0)) problems.push('production: the Ingress terminates no TLS');
  } else {
    const emulator = ofKind<{ spec?: { ports?: { port: number }[] } }>(objects, 'Service').find((s) => s.metadata.name === STRIPE_EMULATOR);
    const url = payments?.values.STRIPE_API_URL;
    const port = emulator?.spec?.ports?.[0]?.port;
    if (!url || !emulator || url !== `http://${STRIPE_EMULATOR}:${port}`) {
      problems.push(`development: payments' STRIPE_API_URL (${url}) does not point at the stripe-emulator Service`);
    }
  }
  return problems;
}
