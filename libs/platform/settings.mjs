// Every environment variable a PayMarket program reads, declared once, and the check each program runs first (ADR 0067).
// Plain ESM with no imports but node:path: the .mjs launchers and CLIs import it before they build or import anything
// heavy, so a bad value stops them before they touch the disk, the database or the broker; runMain (TypeScript,
// libs/platform/src/bootstrap/run-main.ts) imports the same file, from src and from dist alike.
import { isAbsolute } from 'node:path';

/** The programs that read settings: the launchers and CLIs by their npm script, the processes by runMain's name. */
export const PROGRAMS = [
  'start',
  'start:cluster',
  'admin:create',
  'ledger:verify',
  'audit:verify',
  'dead-letters',
  'gateway',
  'onboarding',
  'catalog',
  'payments',
  'requests',
  'notifications',
  'stripe-emulator',
];

const SERVICES = ['onboarding', 'catalog', 'payments', 'requests', 'notifications'];
// What `npm start` reads (the gateway, the services and the emulator in one process), which the cluster launcher
// checks for its children too.
const EMBEDDED = ['start', 'start:cluster'];
// Every Nest process (the emulator has settings of its own only).
const APP = [...EMBEDDED, 'gateway', ...SERVICES];
const BUILDING = ['start', 'start:cluster', 'admin:create', 'ledger:verify', 'audit:verify'];
const LEDGER_STRIPE = ['ledger:verify', 'start', 'start:cluster', 'payments'];
const TRACED = ['start', 'start:cluster', 'gateway', ...SERVICES];

const url = (protocols, example) => ({ kind: 'url', protocols, example, several: false });
// AMQP_URL may name every node of a RabbitMQ cluster, comma-separated (ADR 0070).
const urls = (protocols, example) => ({ kind: 'url', protocols, example, several: true });
const port = (allowZero = false) => ({ kind: 'port', allowZero });
const int = (min, max, unit = '') => ({ kind: 'int', min, max, unit });
const enumOf = (...values) => ({ kind: 'enum', values });
const absolutePath = (what = 'folder') => ({ kind: 'path', what });
const secret = (expects, test) => ({ kind: 'secret', expects, test });
const text = (expects, pattern) => ({ kind: 'text', expects, pattern });
const rateLimitPolicy = text('"perIp,perIdentity,windowSeconds" such as 20,5,900', /^\d{1,6},\d{1,6},\d{1,6}$/);

/**
 * The declarations: `readBy` lists the programs that read the variable, `requiredBy` those that cannot start
 * without it; `fallback` is what an unset variable means (for the docs). Unset is allowed unless required; set but
 * empty never is, except where `emptyMeansUnset` says why.
 */
export const SETTINGS = [
  // Where things live
  {
    name: 'PAYMARKET_DATA_DIR',
    ...absolutePath(),
    fallback: '.data/postgres in the checkout',
    readBy: ['start', 'admin:create', 'ledger:verify', 'audit:verify'],
  },
  {
    name: 'DATABASE_URL',
    ...url(['postgres:', 'postgresql:']),
    fallback: 'the embedded PostgreSQL',
    readBy: [...EMBEDDED, ...SERVICES, 'admin:create', 'ledger:verify', 'audit:verify'],
    requiredBy: SERVICES,
  },
  {
    name: 'DATABASE_URL_TEMPLATE',
    ...text('a postgres:// URL containing {service}', /^postgres(ql)?:\/\/\S*\{service\}\S*$/),
    fallback: 'DATABASE_URL for every service',
    readBy: ['start:cluster'],
  },
  ...SERVICES.map((service) => ({
    name: `${service.toUpperCase()}_DATABASE_URL`,
    ...url(['postgres:', 'postgresql:']),
    fallback: 'DATABASE_URL_TEMPLATE, else DATABASE_URL',
    readBy: ['start:cluster'],
  })),
  {
    name: 'AMQP_URL',
    ...urls(['amqp:', 'amqps:'], 'amqp://guest:guest@127.0.0.1:5672'),
    fallback: 'none (required in cluster mode)',
    readBy: ['start:cluster', 'gateway', ...SERVICES, 'dead-letters'],
    requiredBy: ['gateway', ...SERVICES, 'dead-letters'],
  },
  {
    name: 'REDIS_URL',
    ...url(['redis:', 'rediss:']),
    fallback: 'counters in memory, per process',
    readBy: [...EMBEDDED, 'gateway', 'payments'],
  },
  { name: 'SMTP_URL', ...url(['smtp:', 'smtps:']), fallback: 'the development mailbox', readBy: [...EMBEDDED, 'notifications'] },
  { name: 'WEB_DIST', ...absolutePath(), fallback: 'web/dist of the checkout', readBy: ['start:cluster', 'gateway'] },
  { name: 'SDK_PACK_DIR', ...absolutePath(), fallback: 'libs/sdk/pack of the checkout', readBy: ['start:cluster', 'gateway'] },

  // How the processes run
  { name: 'NODE_ENV', ...enumOf('development', 'test', 'production'), fallback: 'development', readBy: APP },
  {
    name: 'LOG_LEVEL',
    ...enumOf('trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'),
    fallback: 'info (launchers and CLIs: warn)',
    readBy: [...APP, 'admin:create', 'ledger:verify', 'audit:verify'],
  },
  { name: 'PORT', ...port(true), fallback: '3000 (0: any free port)', readBy: [...EMBEDDED, 'gateway'] },
  {
    name: 'HOST',
    ...text('a host name or IP address to listen on', /^[A-Za-z0-9.:[\]-]{1,253}$/),
    fallback: '0.0.0.0',
    readBy: [...EMBEDDED, 'gateway'],
  },
  {
    name: 'PUBLIC_URL',
    ...url(['http:', 'https:']),
    fallback: 'http://localhost:<PORT>',
    readBy: [...EMBEDDED, 'gateway', 'notifications'],
  },
  { name: 'TRUST_PROXY', ...enumOf('true', 'false'), fallback: 'false', readBy: [...EMBEDDED, 'gateway'] },
  { name: 'METRICS_PORT', ...port(true), fallback: 'embedded: 9464 if free; cluster: 9464 up; services alone: none', readBy: APP },
  { name: 'PROMETHEUS_PORT', ...port(), fallback: 'a free port', readBy: ['start:cluster'] },
  { name: 'RMQ_PREFETCH', ...int(1, 1000), fallback: '20', readBy: ['start:cluster', ...SERVICES] },
  { name: 'RPC_TIMEOUT_MS', ...int(100, 120_000, 'milliseconds'), fallback: '10000', readBy: ['start:cluster', 'gateway', ...SERVICES] },
  {
    name: 'PAYMARKET_REPLICAS',
    ...text('name=count pairs separated by commas, such as payments=2,notifications=3', /^[a-z-]+=[1-9]\d{0,2}(,[a-z-]+=[1-9]\d{0,2})*$/),
    fallback: 'one of each',
    readBy: ['start:cluster'],
  },
  {
    name: 'PAYMARKET_REPLICA',
    ...text('a replica name such as payments-2', /^[A-Za-z0-9._-]{1,100}$/),
    fallback: 'host name and pid',
    readBy: ['gateway', ...SERVICES],
  },
  {
    name: 'PAYMARKET_SEED',
    ...enumOf('true', 'false'),
    fallback: 'embedded: true outside production; services: false',
    readBy: [...EMBEDDED, 'catalog', 'requests'],
  },
  { name: 'PAYMARKET_SKIP_BUILD', ...enumOf('0', '1'), fallback: '0 (build what is stale)', readBy: BUILDING },
  { name: 'PAYMENTS_RECONCILE_AFTER_SECONDS', ...int(1, 86_400, 'seconds'), fallback: '600', readBy: [...EMBEDDED, 'payments'] },

  // Secrets: never echoed
  {
    name: 'EMBED_TOKEN_SECRET',
    ...secret('at least 32 characters (e.g. openssl rand -base64 48)', (v) => v.length >= 32),
    fallback: 'a fixed development secret (required in production)',
    readBy: [...EMBEDDED, 'gateway'],
  },
  {
    name: 'WEBHOOK_SECRET_KEYS',
    ...secret('keyId:base64(32 random bytes) pairs separated by commas', (v) =>
      /^\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?\s*(,\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?\s*)*$/.test(v),
    ),
    fallback: 'a development key (required in production)',
    readBy: [...EMBEDDED, 'notifications'],
  },
  {
    // Administrators' TOTP secrets at rest (ADR 0072), the same format as WEBHOOK_SECRET_KEYS, a key of their own.
    name: 'ADMIN_FACTOR_KEYS',
    ...secret('keyId:base64(32 random bytes) pairs separated by commas', (v) =>
      /^\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?\s*(,\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?\s*)*$/.test(v),
    ),
    fallback: 'a development key (required in production)',
    readBy: [...EMBEDDED, 'onboarding'],
  },
  {
    name: 'PAYMARKET_ADMIN_PASSWORD',
    ...secret('a password of at least 12 characters', (v) => v.length >= 12),
    fallback: '--password',
    readBy: ['admin:create'],
  },
  {
    name: 'STRIPE_SECRET_KEY',
    ...secret('a Stripe secret key (sk_test_… or sk_live_…)', (v) => /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(v)),
    fallback: 'the local emulator',
    readBy: LEDGER_STRIPE,
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    ...secret('a webhook signing secret (whsec_…)', (v) => /^whsec_[A-Za-z0-9_]+$/.test(v)),
    fallback: 'generated for the emulator (required in production)',
    readBy: [...LEDGER_STRIPE, 'stripe-emulator'],
  },
  {
    name: 'STRIPE_PUBLISHABLE_KEY',
    ...text('a Stripe publishable key (pk_test_… or pk_live_…)', /^pk_(test|live)_[A-Za-z0-9_]+$/),
    fallback: 'none (test-card form)',
    readBy: LEDGER_STRIPE,
  },

  // Stripe and its emulator
  {
    name: 'STRIPE_API_URL',
    ...url(['http:', 'https:'], 'http://127.0.0.1:12111'),
    fallback: 'api.stripe.com (embedded and cluster: the emulator)',
    readBy: LEDGER_STRIPE,
    // docker-compose.yml passes `STRIPE_API_URL=` to mean "no emulator: api.stripe.com" (its `${STRIPE_API_URL-…}`).
    emptyMeansUnset: true,
  },
  { name: 'STRIPE_EMULATOR_PORT', ...port(true), fallback: '12111', readBy: ['start:cluster', 'stripe-emulator'] },
  {
    name: 'STRIPE_EMULATOR_HOST',
    ...text('a host name or IP address to listen on', /^[A-Za-z0-9.:[\]-]{1,253}$/),
    fallback: '127.0.0.1',
    readBy: ['start:cluster', 'stripe-emulator'],
  },
  {
    name: 'STRIPE_EMULATOR_PUBLIC_URL',
    ...url(['http:', 'https:']),
    fallback: 'its own address',
    readBy: ['start:cluster', 'stripe-emulator'],
  },
  {
    name: 'STRIPE_WEBHOOK_URL',
    ...url(['http:', 'https:']),
    fallback: 'the gateway’s /api/stripe/webhook',
    readBy: ['start:cluster', 'stripe-emulator'],
  },
  {
    name: 'STRIPE_WEBHOOK_EVENTS',
    ...text('* or event types separated by commas', /^(\*|[a-z_]+(\.[a-z_]+)+(,[a-z_]+(\.[a-z_]+)+)*)$/),
    fallback: 'the events payments handles',
    readBy: ['start:cluster', 'stripe-emulator'],
  },
  {
    name: 'STRIPE_EMULATOR_RATE_LIMIT',
    ...text('off, test, live or "<per second>[,<per endpoint>]"', /^(off|test|live|\d{1,5}(,\d{1,5})?)$/i),
    fallback: 'off',
    readBy: ['start:cluster', 'stripe-emulator'],
  },
  {
    name: 'STRIPE_RATE_LIMIT',
    ...text('off or "<requests per second>[,<per endpoint>]" such as 20,20', /^(off|\d{1,5}(,\d{1,5})?)$/),
    fallback: 'Stripe’s limits (20 test, 80 live); none with the emulator',
    readBy: [...EMBEDDED, 'payments'],
  },
  {
    name: 'STRIPE_RATE_LIMIT_REPLICAS',
    ...int(1, 1000),
    fallback: '1 (cluster: the payments replica count)',
    readBy: [...EMBEDDED, 'payments'],
  },
  { name: 'STRIPE_RATE_LIMIT_MAX_WAIT_MS', ...int(100, 120_000, 'milliseconds'), fallback: '8000', readBy: [...EMBEDDED, 'payments'] },
  // Only to show that a fault catches the missing safety (F4 inbox dedupe, F6 Stripe limiter): never in production.
  { name: 'PAYMARKET_UNSAFE_NO_INBOX_DEDUPE', ...enumOf('0', '1'), fallback: '0', readBy: APP },
  { name: 'PAYMARKET_UNSAFE_NO_STRIPE_LIMITER', ...enumOf('0', '1'), fallback: '0', readBy: [...EMBEDDED, 'payments'] },

  // Abuse limits and webhooks
  {
    name: 'RATE_LIMIT_KEY_PREFIX',
    ...text('1-64 letters, digits or : _ . -', /^[A-Za-z0-9:_.-]{1,64}$/),
    fallback: 'paymarket:rl:',
    readBy: [...EMBEDDED, 'gateway', 'payments'],
  },
  ...['SIGN_IN_CODE', 'SIGN_IN_VERIFY', 'REGISTER_BUYER', 'ADMIN_LOGIN', 'PUBLIC_FORM', 'INTEGRATOR_API', 'EMBED'].map((limit) => ({
    name: `RATE_LIMIT_${limit}`,
    ...rateLimitPolicy,
    fallback: 'the built-in limit (docs/architecture.md)',
    readBy: [...EMBEDDED, 'gateway'],
  })),
  {
    name: 'MAIL_FROM',
    ...text('a sender such as PayMarket <no-reply@example.com>', /^.{3,200}$/),
    fallback: 'PayMarket <no-reply@paymarket.local>',
    readBy: [...EMBEDDED, 'notifications'],
  },
  {
    name: 'WEBHOOK_RETRY_SCHEDULE_MS',
    ...text('milliseconds separated by commas, each above 0', /^\s*0*[1-9]\d{0,9}\s*(,\s*0*[1-9]\d{0,9}\s*)*$/),
    fallback: 'the built-in schedule',
    readBy: [...EMBEDDED, 'notifications'],
  },
  { name: 'WEBHOOK_MAX_ATTEMPTS', ...int(1, 50), fallback: '8', readBy: [...EMBEDDED, 'notifications'] },
  { name: 'WEBHOOK_TIMEOUT_MS', ...int(100, 60_000, 'milliseconds'), fallback: '10000', readBy: [...EMBEDDED, 'notifications'] },
  { name: 'WEBHOOK_POLL_MS', ...int(50, 3_600_000, 'milliseconds'), fallback: '5000', readBy: [...EMBEDDED, 'notifications'] },
  { name: 'WEBHOOK_RETENTION_DAYS', ...int(1, 365, 'days'), fallback: '30', readBy: [...EMBEDDED, 'notifications'] },
  { name: 'WEBHOOK_MAINTENANCE_MS', ...int(50, 86_400_000, 'milliseconds'), fallback: '900000', readBy: [...EMBEDDED, 'notifications'] },
  {
    name: 'WEBHOOK_DISABLE_AFTER_MS',
    ...int(1, 31_536_000_000, 'milliseconds'),
    fallback: '432000000 (5 days)',
    readBy: [...EMBEDDED, 'notifications'],
  },

  // Tracing (ADR 0042): the OpenTelemetry SDK reads more OTEL_* variables itself.
  { name: 'OTEL_EXPORTER_OTLP_ENDPOINT', ...url(['http:', 'https:']), fallback: 'tracing off', readBy: TRACED },
  { name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', ...url(['http:', 'https:']), fallback: 'OTEL_EXPORTER_OTLP_ENDPOINT', readBy: TRACED },
  { name: 'OTEL_SERVICE_NAME', ...text('a service name', /^\S{1,100}$/), fallback: 'the process name', readBy: TRACED },
  { name: 'OTEL_SDK_DISABLED', ...enumOf('true', 'false'), fallback: 'false', readBy: TRACED },
];

/** The declarations a program reads, in declaration order. */
export function settingsOf(program) {
  if (!PROGRAMS.includes(program)) throw new Error(`settingsOf: unknown program ${program}; choose from ${PROGRAMS.join(', ')}`);
  return SETTINGS.filter((setting) => setting.readBy.includes(program));
}

/** What a value of this declaration looks like, in words (the part after "expected"). */
export function expectationOf(setting) {
  switch (setting.kind) {
    case 'url':
      return `${setting.several ? 'one or more URLs separated by commas' : 'a URL'} (${setting.protocols.map((p) => `${p}//`).join(' or ')})${setting.example ? ` such as ${setting.example}` : ''}`;
    case 'port':
      return setting.allowZero ? 'a port from 1 to 65535 (or 0: any free port)' : 'a port from 1 to 65535';
    case 'int':
      return `a whole number${setting.unit ? ` of ${setting.unit}` : ''} from ${setting.min} to ${setting.max}`;
    case 'enum':
      return `one of ${setting.values.join(', ')}`;
    case 'path':
      return `an absolute ${setting.what} path`;
    case 'secret':
    case 'text':
      return setting.expects;
    default:
      throw new Error(`expectationOf: ${setting.name} has unknown kind ${setting.kind}`);
  }
}

// Values are shown only when they cannot hold a secret, and cut short; URLs may carry a password.
function shown(setting, value) {
  if (setting.kind === 'secret') return `a value of ${value.length} character(s) (not shown: secret)`;
  if (setting.kind === 'url') return 'a value that is not one (not shown: URLs may hold passwords)';
  const cut = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(cut);
}

function isWholeNumber(value, min, max) {
  if (!/^\d{1,16}$/.test(value)) return false;
  const n = Number(value);
  return n >= min && n <= max;
}

function isUrlOf(value, protocols) {
  if (!URL.canParse(value)) return false;
  const parsed = new URL(value);
  return protocols.includes(parsed.protocol) && (parsed.host !== '' || parsed.protocol.startsWith('postgres'));
}

/** Whether a non-empty value fits its declaration. */
export function fits(setting, value) {
  switch (setting.kind) {
    case 'url':
      return setting.several ? value.split(',').every((one) => isUrlOf(one.trim(), setting.protocols)) : isUrlOf(value, setting.protocols);
    case 'port':
      return isWholeNumber(value, setting.allowZero ? 0 : 1, 65_535);
    case 'int':
      return isWholeNumber(value, setting.min, setting.max);
    case 'enum':
      return setting.values.includes(value);
    case 'path':
      return isAbsolute(value) && !value.includes('\0');
    case 'secret':
      return setting.test(value);
    case 'text':
      return setting.pattern.test(value);
    default:
      throw new Error(`fits: ${setting.name} has unknown kind ${setting.kind}`);
  }
}

/** The one-line problem with this variable's value in `env`, or undefined when it is fine (or unset and optional). */
export function problemWith(setting, env, program) {
  const value = env[setting.name];
  const required = setting.requiredBy?.includes(program) ?? false;
  if (value === undefined || (value === '' && setting.emptyMeansUnset)) {
    return required ? `${setting.name}: expected ${expectationOf(setting)}, got nothing (it is required)` : undefined;
  }
  if (value.trim() === '') return `${setting.name}: expected ${expectationOf(setting)}, got an empty value`;
  if (fits(setting, value)) return undefined;
  return `${setting.name}: expected ${expectationOf(setting)}, got ${shown(setting, value)}`;
}

/** Every problem with the variables `program` reads, one line each, in declaration order. */
export function settingsProblems(program, env = process.env) {
  return settingsOf(program)
    .map((setting) => problemWith(setting, env, program))
    .filter((problem) => problem !== undefined);
}

/**
 * Run first by every launcher, CLI and process: on a bad value, writes ONE line naming the variable and what it
 * expects on stderr and exits 1, before the caller builds, imports or opens anything. The first problem is enough:
 * one line is what an operator reads, and the next run names the next one.
 */
export function refuseBadSettings(program, env = process.env) {
  const [first] = settingsProblems(program, env);
  if (first === undefined) return;
  process.stderr.write(`${first}\n`);
  process.exit(1);
}
