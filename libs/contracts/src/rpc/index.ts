export * from './patterns.js';
export * from './errors.js';
export * from './onboarding.rpc.js';
export * from './notifications.rpc.js';
export * from './payments.rpc.js';
export * from './requests.rpc.js';
export * from './catalog.rpc.js';
export * from './checkout.rpc.js';
