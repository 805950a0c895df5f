/** The version of @paymarket/sdk (libs/sdk/package.json), defined at build time by vite.config.ts and in jest.config.js. */
declare const __PAYMARKET_SDK_VERSION__: string;
