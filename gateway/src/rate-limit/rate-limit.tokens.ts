export const RATE_LIMITER = Symbol('RATE_LIMITER');
export const RATE_LIMIT_POLICIES = Symbol('RATE_LIMIT_POLICIES');
export const RATE_LIMIT_METADATA = 'paymarket:rate-limit';
