// `npm start`: builds what is missing or stale, then runs the whole product in this one process (embedded mode).
import { refuseBadSettings } from '../../libs/platform/settings.mjs';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';

// Every setting the embedded app reads is checked before the build and the embedded PostgreSQL (ADR 0067).
refuseBadSettings('start');
// Quiet by default for people running the product; LOG_LEVEL=info shows every service's log.
process.env.LOG_LEVEL ??= 'warn';
buildIfNeeded();
await import('./dist/main.js');
