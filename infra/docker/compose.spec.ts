// Docker can't run on the build machines, so this keeps docker-compose.yml (and infra/docker/Dockerfile) consistent
// with the code by construction: the processes of cluster mode (infra/cluster/start.mjs ENTRY), their entry files,
// and the env each process validates at boot (the class-validator env classes it passes to loadConfig).
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { parse } from 'yaml';
import { clusterEntries, envClassNames, importEnvClass, read, requiredVars, root } from './process-env.js';

// ---- the compose side ---------------------------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: (string | number | { target: number; published?: string | number })[];
  healthcheck?: { test?: string | string[] };
  restart?: string;
}
interface ComposeFile {
  version?: unknown;
  services: Record<string, ComposeService>;
}

/**
 * Variables compose demands from the host (`${X:?message}`: no default, `up` refuses to start without them), with a
 * sample value an operator would set, so the env checks below validate what a real deployment passes.
 */
const HOST_SUPPLIED: Record<string, string> = {
  WEBHOOK_SECRET_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  ADMIN_FACTOR_KEYS: `k1:${Buffer.alloc(32, 8).toString('base64')}`,
  EMBED_TOKEN_SECRET: Buffer.alloc(48, 9).toString('base64'),
};

/** Compose's interpolation with none of the variables set: ${X:-default}, ${X-default}, ${X}, ${X:?required}, $$. */
function interpolate(value: string): string {
  return value
    .replace(/\$\{(\w+):?\?[^}]*\}/g, (_, name: string) => {
      if (!(name in HOST_SUPPLIED)) throw new Error(`docker-compose.yml demands \${${name}} but the spec has no sample for it`);
      return HOST_SUPPLIED[name]!;
    })
    .replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, _name: string, fallback?: string) => fallback ?? '')
    .replace(/\$\$/g, '$');
}

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  const pairs: [string, string | undefined][] = Array.isArray(env)
    ? env.map((entry) => {
        const i = entry.indexOf('=');
        return i < 0 ? [entry, undefined] : [entry.slice(0, i), entry.slice(i + 1)];
      })
    : Object.entries(env).map(([k, v]) => [k, v === null || v === undefined ? undefined : String(v)]);
  return Object.fromEntries(pairs.filter((p): p is [string, string] => p[1] !== undefined).map(([k, v]) => [k, interpolate(v)]));
}

function commandOf(service: ComposeService): string[] {
  const command = service.command;
  return Array.isArray(command) ? command : typeof command === 'string' ? command.trim().split(/\s+/) : [];
}

function dependsOn(service: ComposeService): Record<string, string | undefined> {
  const deps = service.depends_on ?? {};
  return Array.isArray(deps)
    ? Object.fromEntries(deps.map((d) => [d, undefined]))
    : Object.fromEntries(Object.entries(deps).map(([k, v]) => [k, v?.condition]));
}

function containerPorts(service: ComposeService): number[] {
  return (service.ports ?? []).map((p) => {
    if (typeof p === 'object') return p.target;
    const target = String(p).split(':').pop()!.split('/')[0]!;
    return Number(interpolate(target));
  });
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;
const ENTRY = clusterEntries();
const packageDirOf = (entry: string): string => posix.dirname(posix.dirname(entry)); // gateway/dist/main.js → gateway

// ---- the checks ---------------------------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  it('is a Compose-spec file (no `version:`) with postgres and rabbitmq, each health-checked', () => {
    expect(compose.version).toBeUndefined();
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(JSON.stringify(compose.services.postgres?.healthcheck?.test)).toContain('pg_isready');
    expect(compose.services.rabbitmq?.image).toMatch(/^rabbitmq:/);
    expect(commandOf({ command: compose.services.rabbitmq?.healthcheck?.test as string[] })).toEqual(
      expect.arrayContaining(['rabbitmq-diagnostics', 'ping']),
    );
  });

  it('reads the process list from infra/cluster/start.mjs and finds the env classes each process loads', () => {
    expect(Object.keys(ENTRY)).toEqual(
      expect.arrayContaining(['gateway', 'onboarding', 'catalog', 'payments', 'requests', 'notifications']),
    );
    // Sanity for the source scan the per-service checks rely on.
    expect(envClassNames('gateway')).toContain('GatewayEnv');
    expect(envClassNames('services/notifications')).toEqual(expect.arrayContaining(['CommonEnv', 'NotificationsEnv']));
  });

  describe.each(Object.entries(ENTRY))('%s (%s)', (name, entry) => {
    const service = compose.services[name];
    const packageDir = packageDirOf(entry);

    it('has a compose service', () => {
      expect(service).toBeDefined();
    });

    it('runs the entry file of cluster mode, from a package that has one', () => {
      expect(commandOf(service ?? {})).toEqual(['node', entry]);
      expect(existsSync(join(root, packageDir, 'src', posix.basename(entry).replace(/\.js$/, '.ts')))).toBe(true);
    });

    it('is built from infra/docker/Dockerfile with the shared app image, and restarts', () => {
      const build = typeof service?.build === 'string' ? { context: service.build } : service?.build;
      expect(build?.context).toBe('.');
      expect(build?.dockerfile).toBe('infra/docker/Dockerfile');
      expect(service?.image).toBe(compose.services.gateway?.image);
      expect(service?.restart).toBe('unless-stopped');
    });

    it('sets every env var its env classes require, and the whole env passes their validation', async () => {
      const classNames = envClassNames(packageDir);
      expect(classNames.length).toBeGreaterThan(0);
      const env = environmentOf(service ?? {});
      for (const className of classNames) {
        const cls = await importEnvClass(className, packageDir);
        const required = requiredVars(cls);
        const missing = required.filter((v) => !env[v]);
        expect({ service: name, envClass: className, missing }).toEqual({ service: name, envClass: className, missing: [] });
        // The same check loadConfig does at boot (values are what compose passes with no variables set on the host).
        const errors = validateSync(plainToInstance(cls, { ...env }, { enableImplicitConversion: true }), {
          validationError: { target: false, value: false },
        });
        expect({
          service: name,
          envClass: className,
          errors: errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`),
        }).toEqual({
          service: name,
          envClass: className,
          errors: [],
        });
      }
    });

    it('waits for healthy backing services it uses', () => {
      const env = environmentOf(service ?? {});
      const deps = dependsOn(service ?? {});
      if (env.AMQP_URL) {
        expect(new URL(env.AMQP_URL).hostname).toBe('rabbitmq');
        expect(deps.rabbitmq).toBe('service_healthy');
      }
      if (env.DATABASE_URL) {
        expect(new URL(env.DATABASE_URL).hostname).toBe('postgres');
        expect(deps.postgres).toBe('service_healthy');
      }
    });
  });

  describe('defaults are the production ones; development only by explicit choice', () => {
    const composeText = read('docker-compose.yml');
    // The Stripe emulator is a test double with no NODE_ENV of its own.
    const appServices = Object.keys(ENTRY)
      .filter((name) => name !== 'stripe-emulator')
      .map((name) => [name, compose.services[name]!] as const);

    it('runs every process with NODE_ENV=production unless PAYMARKET_NODE_ENV says otherwise', () => {
      for (const [name, service] of appServices) {
        expect({ name, NODE_ENV: environmentOf(service).NODE_ENV }).toEqual({ name, NODE_ENV: 'production' });
      }
      expect(composeText).not.toMatch(/NODE_ENV:\s*\$\{[^}]*:-development\}/);
      expect(composeText).not.toMatch(/NODE_ENV:\s*['"]?development/);
    });

    it('demands the secrets production refuses to run without instead of shipping a default', () => {
      expect(compose.services.notifications?.environment).toMatchObject({
        WEBHOOK_SECRET_KEYS: expect.stringMatching(/^\$\{WEBHOOK_SECRET_KEYS:\?/),
      });
      // Onboarding refuses to start in production without it (ADR 0072).
      expect(compose.services.onboarding?.environment).toMatchObject({
        ADMIN_FACTOR_KEYS: expect.stringMatching(/^\$\{ADMIN_FACTOR_KEYS:\?/),
      });
      // The gateway refuses to start in production without it (ADR 0052).
      expect(compose.services.gateway?.environment).toMatchObject({
        EMBED_TOKEN_SECRET: expect.stringMatching(/^\$\{EMBED_TOKEN_SECRET:\?/),
      });
    });

    it('publishes only the gateway on every interface; anything else only on 127.0.0.1', () => {
      for (const [name, service] of Object.entries(compose.services)) {
        if (name === 'gateway') continue;
        for (const port of service.ports ?? []) {
          expect({ name, port: String(typeof port === 'object' ? port.published : port) }).toEqual({
            name,
            port: expect.stringMatching(/^127\.0\.0\.1:/),
          });
        }
      }
    });
  });

  it('publishes the gateway on its PORT and health-checks /api/health/ready there', async () => {
    const gateway = compose.services.gateway!;
    const env = environmentOf(gateway);
    const { GatewayEnv } = await import('../../gateway/src/config/gateway-env.js');
    const port = Number(env.PORT ?? new GatewayEnv().PORT);
    expect(containerPorts(gateway)).toContain(port);
    expect(JSON.stringify(gateway.healthcheck?.test)).toContain(`:${port}/api/health/ready`);
  });
});

describe('infra/docker/Dockerfile', () => {
  const dockerfile = read('infra/docker/Dockerfile');

  it('copies every npm workspace manifest before `npm ci` (npm ci fails on a missing workspace)', () => {
    const globs = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const workspaces = globs.flatMap((glob) =>
      glob.endsWith('/*')
        ? readdirSync(join(root, dirname(glob)), { withFileTypes: true })
            .filter((e) => e.isDirectory() && existsSync(join(root, dirname(glob), e.name, 'package.json')))
            .map((e) => `${dirname(glob)}/${e.name}`)
        : [glob],
    );
    const ci = /^RUN npm ci\b/m.exec(dockerfile);
    expect(ci).not.toBeNull();
    const beforeCi = dockerfile.slice(0, ci!.index);
    const missing = workspaces.filter((ws) => !new RegExp(`^COPY ${ws}/package\\.json\\s`, 'm').test(beforeCi));
    expect(missing).toEqual([]);
  });

  it('builds the workspace on Node 24, a version package.json "engines" supports', () => {
    const image = /^ARG NODE_IMAGE=node:(\d+)-bookworm-slim$/m.exec(dockerfile);
    expect(image?.[1]).toBe('24');
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toMatch(/>=24\.\d+/);
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/npm run build/);
  });
});
