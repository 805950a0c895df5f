// `npm run admin:create -- --email … --password …`: builds what is stale, then runs the onboarding service's CLI.
import { buildIfNeeded } from './build-if-needed.mjs';

process.env.LOG_LEVEL ??= 'warn';
buildIfNeeded();
const { adminCreate } = await import('../../services/onboarding/dist/admins/admin-create.cli.js');
process.exit(await adminCreate(process.argv.slice(2)));
