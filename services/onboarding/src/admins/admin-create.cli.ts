// `npm run admin:create -- --email admin@example.com --password '…'`: creates an administrator (or sets a new
// password for an existing one, ending their sessions). `npm run admin:create -- --email … --reset-second-factor`:
// removes an administrator's second factor (ADR 0072) and ends their sessions, so the next sign-in enrols again.
// Cluster mode: against DATABASE_URL. Embedded mode: against the embedded PostgreSQL of PAYMARKET_DATA_DIR (default
// .data/postgres), connecting to the running app's server when the app is up, starting it otherwise.
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { openServiceDatabase, operatorContext, ServiceError, startEmbeddedPostgres, type EmbeddedPostgres } from '@paymarket/platform';
import { refuseBadSettings } from '@paymarket/platform/settings';
import { SqlSessionsRepository } from '../auth/sessions.repository.js';
import { CreateBuyers1763769700000 } from '../database/migrations/1763769700000-create-buyers.js';
import { CreateSignInAndSessions1763780000000 } from '../database/migrations/1763780000000-create-sign-in-and-sessions.js';
import { SqlAdminsRepository } from './admins.repository.js';
import { CreateAdminUseCase } from './create-admin.use-case.js';
import { ResetSecondFactor, type RemovedSecondFactor } from './second-factor/reset-second-factor.js';

const USAGE = [
  'usage: npm run admin:create -- --email <email> --password <password of at least 12 characters>',
  '       npm run admin:create -- --email <email> --reset-second-factor',
].join('\n');

interface CliArgs {
  email?: string;
  password?: string;
  'reset-second-factor'?: boolean;
  help?: boolean;
}

function parseCliArgs(argv: string[]): CliArgs | string {
  try {
    return parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'reset-second-factor': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export async function adminCreate(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const values = parseCliArgs(argv);
  if (typeof values === 'string') {
    process.stderr.write(`${values}\n${USAGE}\n`);
    return 2;
  }
  if (values['reset-second-factor']) {
    // Two different acts with two different checks by the operator: one run does one of them.
    if (values.password !== undefined || !values.email) {
      process.stderr.write(`--reset-second-factor takes --email and no --password (set a password in a separate run)\n${USAGE}\n`);
      return 2;
    }
    const email = values.email;
    return withOnboardingDatabase(env, (dataSource) => resetSecondFactor(dataSource, email));
  }
  // The password may also come from the environment, which keeps it out of shell history and `ps`.
  const password = values.password ?? env.PAYMARKET_ADMIN_PASSWORD;
  if (values.help || !values.email || !password) {
    process.stderr.write(`${USAGE}\n(or set PAYMARKET_ADMIN_PASSWORD instead of --password)\n`);
    return values.help ? 0 : 2;
  }
  const email = values.email;
  return withOnboardingDatabase(env, (dataSource) => createOrUpdate(dataSource, email, password));
}

async function createOrUpdate(dataSource: DataSource, email: string, password: string): Promise<number> {
  const sut = new CreateAdminUseCase(dataSource, new SqlAdminsRepository(dataSource), new SqlSessionsRepository(dataSource));
  // The command as the audit trail shows it: never the password.
  const result = await sut.execute({ email, password }, operatorContext(`admin:create --email ${email.trim().toLowerCase()}`));
  process.stdout.write(
    result.outcome === 'created'
      ? `Administrator ${result.email} created. Log in at /admin.\n`
      : `Administrator ${result.email} already existed: password changed and their sessions ended.\n`,
  );
  return 0;
}

async function resetSecondFactor(dataSource: DataSource, email: string): Promise<number> {
  // The operator at the shell is who the audit trail names (ADR 0075), with the command they ran.
  const audit = operatorContext(`admin:create --email ${email.trim().toLowerCase()} --reset-second-factor`);
  const removed = await new ResetSecondFactor(dataSource, new SqlAdminsRepository(dataSource)).execute(email, audit);
  if (!removed) {
    process.stderr.write(`No administrator has the email ${email.trim().toLowerCase()}: nothing was reset.\n`);
    return 1;
  }
  process.stdout.write(`${resetSummary(removed)}\n`);
  return 0;
}

/** One line: what was removed, and what happens next. */
export function resetSummary(r: RemovedSecondFactor): string {
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const factors = [r.totp ? 'TOTP' : 'no TOTP', plural(r.recoveryCodes, 'unused recovery code'), plural(r.passkeys, 'passkey')];
  return (
    `Administrator ${r.email}: second factor removed (${factors.join(', ')}) and ${plural(r.sessionsEnded, 'session')} ended; ` +
    'the next sign-in at /admin sets one up again.'
  );
}

/** Opens onboarding's schema (DATABASE_URL, or the embedded PostgreSQL), runs `work`, closes everything. */
async function withOnboardingDatabase(env: NodeJS.ProcessEnv, work: (dataSource: DataSource) => Promise<number>): Promise<number> {
  let embedded: EmbeddedPostgres | undefined;
  let url = env.DATABASE_URL;
  if (!url) {
    const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
    embedded = await startEmbeddedPostgres({ dataDir: env.PAYMARKET_DATA_DIR ?? `${repoRoot}.data/postgres` });
    url = embedded.url;
  }
  const dataSource = await openServiceDatabase({
    url,
    schema: 'onboarding',
    entities: [],
    // The tables the admin needs; the service applies any others at its own start.
    migrations: [CreateBuyers1763769700000, CreateSignInAndSessions1763780000000],
    poolSize: 2,
  });
  try {
    return await work(dataSource);
  } catch (err) {
    if (err instanceof ServiceError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await dataSource.destroy();
    await embedded?.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Run directly rather than through infra/scripts/admin-create.mjs (which checks first): the same check.
  refuseBadSettings('admin:create');
  adminCreate(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`admin:create failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
