// `npm start`: builds what is missing or stale, then runs the whole product in this one process (embedded mode).
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';

// Quiet by default for people running the product; LOG_LEVEL=info shows every service's log.
process.env.LOG_LEVEL ??= 'warn';
buildIfNeeded();
await import('./dist/main.js');
