// `npm run admin:create -- --email admin@example.com --password '…'`: creates an administrator (or sets a new
// password for an existing one, ending their sessions). Cluster mode: against DATABASE_URL. Embedded mode: against
// the embedded PostgreSQL of PAYMARKET_DATA_DIR (default .data/postgres), connecting to the running app's server
// when the app is up, starting it otherwise.
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openServiceDatabase, ServiceError, startEmbeddedPostgres, type EmbeddedPostgres } from '@paymarket/platform';
import { refuseBadSettings } from '@paymarket/platform/settings';
import { SqlSessionsRepository } from '../auth/sessions.repository.js';
import { CreateBuyers1763769700000 } from '../database/migrations/1763769700000-create-buyers.js';
import { CreateSignInAndSessions1763780000000 } from '../database/migrations/1763780000000-create-sign-in-and-sessions.js';
import { SqlAdminsRepository } from './admins.repository.js';
import { CreateAdminUseCase } from './create-admin.use-case.js';

const USAGE = 'usage: npm run admin:create -- --email <email> --password <password of at least 12 characters>';

export async function adminCreate(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let values: { email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    return 2;
  }
  // The password may also come from the environment, which keeps it out of shell history and `ps`.
  const password = values.password ?? env.PAYMARKET_ADMIN_PASSWORD;
  if (values.help || !values.email || !password) {
    process.stderr.write(`${USAGE}\n(or set PAYMARKET_ADMIN_PASSWORD instead of --password)\n`);
    return values.help ? 0 : 2;
  }

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
    const sut = new CreateAdminUseCase(new SqlAdminsRepository(dataSource), new SqlSessionsRepository(dataSource));
    const result = await sut.execute({ email: values.email, password });
    process.stdout.write(
      result.outcome === 'created'
        ? `Administrator ${result.email} created. Log in at /admin.\n`
        : `Administrator ${result.email} already existed: password changed and their sessions ended.\n`,
    );
    return 0;
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
