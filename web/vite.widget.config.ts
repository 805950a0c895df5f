import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';

/** Where the gateway reads the widget (gateway/src/embed/widget.controller.ts WIDGET_FILE), under the web build. */
export const WIDGET_OUT_DIR = 'dist/widget';
export const WIDGET_FILE_NAME = 'paymarket-widget.js';

/**
 * Starts the script with `/*! PayMarket widget <hash> *\/`: the hash of the code after it, which the gateway serves as
 * the version (`/widget/<version>.js`, ETag, X-PayMarket-Widget-Version). After minification, so it names the bytes.
 */
function versionBanner(): Plugin {
  return {
    name: 'paymarket-widget-version',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const version = createHash('sha256').update(chunk.code).digest('hex').slice(0, 16);
        chunk.code = `/*! PayMarket widget ${version} */\n${chunk.code}`;
      }
    },
  };
}

/**
 * /widget.js (ADR 0052): web/widget/index.ts as one framework-free IIFE, after the app's build (`npm run build` in web).
 * A library build of its own so nothing of the React app (or its chunks) can end up in it.
 */
export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  publicDir: false,
  plugins: [versionBanner()],
  build: {
    outDir: WIDGET_OUT_DIR,
    emptyOutDir: true,
    copyPublicDir: false,
    // Marketplaces' visitors bring every kind of browser: no syntax newer than 2018.
    target: 'es2018',
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    lib: {
      entry: 'widget/index.ts',
      formats: ['iife'],
      name: 'PayMarketWidget',
      fileName: () => WIDGET_FILE_NAME,
    },
  },
});
