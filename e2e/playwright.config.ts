import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:3100';
// Cluster mode: the lead's script starts the servers itself and sets E2E_NO_SERVER=1.
const startServer = process.env.E2E_NO_SERVER !== '1';

// The system Chromium: no browser is ever downloaded by Playwright here. Exported for specs that add arguments
// (white-label.spec.ts maps test domains to 127.0.0.1).
export const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      // Issue 15: the walk, the accessibility scan and the console check at a phone's width (390 px) too.
      name: 'phone',
      testMatch: /(walk|accessibility|navigation)\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: startServer
    ? {
        command: 'node ../infra/embedded/start.mjs',
        url: `${baseURL}/api/health/ready`,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stderr: 'pipe',
        env: {
          PORT: '3100',
          PAYMARKET_DATA_DIR: '/tmp/paymarket-e2e-data',
          NODE_ENV: 'development',
          // As scripts/e2e.mjs (E2E_RATE_LIMITS): the whole suite speaks from one IP.
          RATE_LIMIT_PUBLIC_FORM: '1000,10,900',
          RATE_LIMIT_REGISTER_BUYER: '1000,10,900',
          RATE_LIMIT_SIGN_IN_CODE: '1000,5,900',
          RATE_LIMIT_SIGN_IN_VERIFY: '1000,10,900',
          RATE_LIMIT_ADMIN_LOGIN: '1000,10,900',
        },
      }
    : undefined,
});
