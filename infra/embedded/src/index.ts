export * from './start-embedded.js';
export * from './embedded-env.js';
