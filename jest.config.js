// Jest runs in ESM mode (`--experimental-vm-modules`) because every @nestjs v12 package is ESM-only.
// TypeScript is compiled by @swc/jest with the repo's .swcrc (decorator metadata on: Nest DI depends on it).
import { readFileSync } from 'node:fs';

const swcrc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
// The web's snippets name the SDK tarball by version; vite.config.ts defines the same global from the same file.
const sdkVersion = JSON.parse(readFileSync(new URL('./libs/sdk/package.json', import.meta.url), 'utf8')).version;
delete swcrc.$schema;

const workspaces = {
  contracts: 'libs/contracts',
  platform: 'libs/platform',
  onboarding: 'services/onboarding',
  notifications: 'services/notifications',
  catalog: 'services/catalog',
  payments: 'services/payments',
  requests: 'services/requests',
  sdk: 'libs/sdk',
  gateway: 'gateway',
  embedded: 'infra/embedded',
  'stripe-emulator': 'infra/stripe-emulator',
};

const shared = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swcrc, module: { type: 'es6' } }] },
  moduleNameMapper: {
    ...Object.fromEntries(Object.entries(workspaces).map(([name, dir]) => [`^@paymarket/${name}$`, `<rootDir>/${dir}/src/index.ts`])),
    '^@paymarket/platform/testing$': '<rootDir>/libs/platform/src/testing/index.ts',
    '^@paymarket/onboarding/testing$': '<rootDir>/services/onboarding/src/testing/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: '.',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/.data/'],
  setupFiles: ['<rootDir>/jest.setup.js'],
};

function webSwc(tsx) {
  return {
    ...swcrc,
    jsc: {
      ...swcrc.jsc,
      parser: { ...swcrc.jsc.parser, tsx },
      transform: { ...swcrc.jsc.transform, react: { runtime: 'automatic' } },
    },
    module: { type: 'es6' },
  };
}

export default {
  // Per-project testTimeout is ignored by jest; the slow tiers set theirs with jest.setTimeout in the spec.
  testTimeout: 30_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,services,gateway,infra,bench}/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,services,gateway,infra}/**/*.integration-spec.ts'],
    },
    {
      // Separate processes on real PostgreSQL and RabbitMQ (needs DATABASE_URL, AMQP_URL and a build); run by .ci/run.
      ...shared,
      displayName: 'cluster',
      testMatch: ['<rootDir>/infra/**/*.cluster-spec.ts'],
    },
    {
      ...shared,
      displayName: 'web',
      // jsdom with the fetch API, TextEncoder and streams of Node (react-router's data router builds Requests).
      testEnvironment: 'jest-fixed-jsdom',
      globals: { __PAYMARKET_SDK_VERSION__: sdkVersion },
      testMatch: ['<rootDir>/web/{src,widget}/**/*.spec.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/web/test/testing-library.ts'],
      // .tsx needs the TSX parser and the automatic JSX runtime; plain .ts keeps the TS parser (generic arrows, `<T>x` casts).
      transform: {
        '^.+\\.tsx$': ['@swc/jest', webSwc(true)],
        '^.+\\.(t|j)s$': ['@swc/jest', webSwc(false)],
      },
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        '^@/(.*)$': '<rootDir>/web/src/$1',
        '\\.css$': '<rootDir>/web/test/style-stub.ts',
      },
    },
  ],
};
