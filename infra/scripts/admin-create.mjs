// `npm run admin:create -- --email … --password …` (or `-- --email … --reset-second-factor`): builds what is stale,
// then runs the onboarding service's CLI.
import { refuseBadSettings } from '../../libs/platform/settings.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';

// First: an empty PAYMARKET_DATA_DIR once made initdb run in the current folder (issue 35). Nothing is built or
// opened until every setting this CLI reads is valid.
refuseBadSettings('admin:create');
process.env.LOG_LEVEL ??= 'warn';
buildIfNeeded();
const { adminCreate } = await import('../../services/onboarding/dist/admins/admin-create.cli.js');
process.exit(await adminCreate(process.argv.slice(2)));
