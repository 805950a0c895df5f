import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, createServer, defineConfig, type Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` beside every text asset of the build; the gateway serves them to browsers that accept them
 * (@fastify/static `preCompressed`), so scripts travel at their compressed size (ADR 0044).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'paymarket-precompress',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f))) {
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * Renders the first viewport of the pages in src/prerender.tsx with react-dom/static and writes it to
 * `.vite/prerender.json` (path → the markup of #root for a visitor and for a session still unknown, ADR 0062); the gateway puts it in those pages' index.html and main.tsx
 * hydrates it (ADR 0044, P5). The same modules as the client build, loaded through Vite's SSR loader.
 */
function prerender(): Plugin {
  let outDir = '';
  let root = '';
  let configFile: string | undefined;
  return {
    name: 'paymarket-prerender',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      root = config.root;
      configFile = config.configFile;
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        root,
        configFile,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        // Only the SSR loader is used: no browser dependency pre-bundling (it would scan and write node_modules/.vite).
        optimizeDeps: { noDiscovery: true, include: [] },
        // With PAYMARKET_WEB_RUNTIME=preact the prerender renders with the runtime that build ships (ADR 0059).
        ...(!WITH_PREACT ? {} : { resolve: { alias: PREACT_ALIASES }, ssr: { noExternal: PREACT_SSR_NO_EXTERNAL } }),
      });
      try {
        const { PRERENDERED_PATHS, prerenderPath } = (await server.ssrLoadModule('/src/prerender.tsx')) as typeof import('./src/prerender');
        const shells: Record<string, unknown> = {};
        for (const path of PRERENDERED_PATHS) shells[path] = await prerenderPath(path);
        writeFileSync(join(outDir, '.vite', 'prerender.json'), `${JSON.stringify(shells, null, 2)}\n`);
      } finally {
        await server.close();
      }
      // The same module for the gateway, which renders a live list's first view with the list in it (ADR 0063):
      // `.vite/ssr/prerender.js`, its libraries imported from node_modules (one React, the gateway's).
      await build({
        root,
        configFile,
        logLevel: 'error',
        build: {
          ssr: 'src/prerender.tsx',
          outDir: join(outDir, '.vite', 'ssr'),
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
          rolldownOptions: { output: { codeSplitting: false } },
        },
        ...(!WITH_PREACT ? {} : { ssr: { noExternal: PREACT_SSR_NO_EXTERNAL } }),
      });
    },
  };
}

/**
 * `PAYMARKET_WEB_RUNTIME=preact npm run build -w web` ships Preact's React compatibility layer instead of react-dom
 * (ADR 0059): the app, its router (wouter), the query cache, Radix and the rest import `react`/`react-dom` and get
 * preact/compat (~10 KB gzip instead of ~68), and the prerender renders through the same aliases with
 * preact-render-to-string. Not the default: measured beside React on the same machine it met the 100 KB budget but
 * scored lower (its hydration is one task where React's is time-sliced). The dev server always runs React.
 */
const WITH_PREACT = process.env.PAYMARKET_WEB_RUNTIME === 'preact';
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/**
 * The libraries that import `react`, loaded through Vite by the prerender so the aliases reach them too (left external,
 * Node would load them with the real React beside Preact).
 */
const PREACT_SSR_NO_EXTERNAL = [
  /^wouter/,
  /^@tanstack\/(react-query|query-core)$/,
  /^@radix-ui\//,
  'lucide-react',
  'react-hook-form',
  /^@hookform\//,
  /^@stripe\/react-stripe-js$/,
];

/** The modules of the `vendor` chunk: the libraries every page starts with, and the app's own modules they all load. */
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@tanstack[\\/]query-core|@tanstack[\\/]react-query|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]|[\\/]src[\\/]lib[\\/](use-query|queryClient|utils|class-merge|router|use-sync-external-store)\.tsx?$/;

/** The SDK the gateway serves at /sdk/ (ADR 0053): its version lives in libs/sdk/package.json only. */
const SDK_VERSION = (JSON.parse(readFileSync(new URL('../libs/sdk/package.json', import.meta.url), 'utf8')) as { version: string }).version;

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress(), prerender()],
  define: { __PAYMARKET_SDK_VERSION__: JSON.stringify(SDK_VERSION) },
  resolve: {
    // The web validates with the same DTO classes as the server, compiled from source so no prior contracts build is needed.
    alias: [
      { find: '@paymarket/contracts', replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
      ...(command === 'build' && WITH_PREACT ? PREACT_ALIASES : []),
    ],
    // One copy of the runtime, whoever imports it.
    dedupe: ['preact'],
  },
  // The contracts DTOs use TypeScript legacy decorators (class-validator); oxc must compile them the same way tsc does.
  oxc: { decorator: { legacy: true } },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    // The gateway reads .vite/manifest.json to preload each page's chunks from its index.html (ADR 0044).
    manifest: true,
    emptyOutDir: true,
    // Every browser this app supports has modulepreload: no polyfill (it ran a DOM probe and a MutationObserver at load).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every page starts with, as one chunk: one gzip stream instead of seven (2 KB less per page,
        // ADR 0058); left to itself rolldown split them by which lazy pages share them. The app's own modules every
        // page loads (web/src/lib's query hooks, query client, `cn()` and its class table) join it: 0.8 KB less.
        codeSplitting: {
          groups: [
            // React and react-dom evaluate alone, in main.tsx's first stage; the other libraries in its second.
            { name: 'react', test: /node_modules[\\/](preact|react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Vite's loader of lazy chunks, apart from the entry: in the entry, every lazy chunk imported the entry and
            // so listed the entry's stylesheet among its dependencies, which the loader fetched again at start-up where
            // the gateway had inlined it, and restyled the page with (ADR 0062).
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
            {
              name: 'vendor',
              // `useQueries` and its observer serve only the developers' pages: left out, they load with those (1 KB
              // less on every other page).
              test: (id) =>
                VENDOR.test(id) && !/[\\/]@tanstack[\\/](query-core|react-query)[\\/].*[\\/](queriesObserver|useQueries)\.js$/.test(id),
            },
          ],
        },
      },
    },
  },
}));
