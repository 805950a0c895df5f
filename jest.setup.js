import 'reflect-metadata';
process.env.LOG_LEVEL ??= 'error';
// Each test file gets its own rate-limit namespace, so with a shared Redis (cluster tier, REDIS_URL) one suite's
// traffic from 127.0.0.1 never eats another's allowance, whatever order jest runs the files in. Memory limiters are
// per app already. Processes a suite spawns inherit its namespace, as replicas of one deployment share theirs.
process.env.RATE_LIMIT_KEY_PREFIX ??= `paymarket:rl:test-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;
