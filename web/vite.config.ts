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
      // `.vite/ssr/prerender.js`, and the view it renders per request (ADR 0065). Its libraries are bundled in, React's
      // production build among them whatever the gateway's NODE_ENV: the development build renders 3–4× slower.
      await build({
        root,
        configFile,
        logLevel: 'error',
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: 'src/prerender.tsx',
          outDir: join(outDir, '.vite', 'ssr'),
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
          rolldownOptions: { output: { codeSplitting: false } },
        },
      });
    },
  };
}

/** The libraries every page starts with besides React, by chunk, with the app's own modules every page loads. */
const ROUTER = /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]|[\\/]src[\\/]lib[\\/]router-chunk\.ts$/;
const QUERY = /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]src[\\/]lib[\\/]queryClient\.tsx?$/;
const UI =
  /node_modules[\\/](clsx|tailwind-merge|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]|[\\/]src[\\/]lib[\\/]utils\.tsx?$/;

/** The SDK the gateway serves at /sdk/ (ADR 0053): its version lives in libs/sdk/package.json only. */
const SDK_VERSION = (JSON.parse(readFileSync(new URL('../libs/sdk/package.json', import.meta.url), 'utf8')) as { version: string }).version;

export default defineConfig(() => ({
  plugins: [react(), tailwindcss(), precompress(), prerender()],
  define: { __PAYMARKET_SDK_VERSION__: JSON.stringify(SDK_VERSION) },
  resolve: {
    // The web validates with the same DTO classes as the server, compiled from source so no prior contracts build is needed.
    alias: [
      { find: '@paymarket/contracts', replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
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
        // The libraries every page starts with, in a few named chunks (ADR 0058, 0073); left to itself rolldown split
        // them by which lazy pages share them. The app's own modules every page loads (web/src/lib's query client and
        // `cn()`) join them.
        codeSplitting: {
          groups: [
            // React, then react-dom (with the scheduler), each evaluated alone by main.tsx; then the other libraries.
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'react', test: /node_modules[\\/]react[\\/]/, priority: 4 },
            // Vite's loader of lazy chunks, apart from the entry: in the entry, every lazy chunk imported the entry and
            // so listed the entry's stylesheet among its dependencies, which the loader fetched again at start-up where
            // the gateway had inlined it, and restyled the page with (ADR 0062).
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
            // The other libraries every page starts with, one chunk each, so main.tsx evaluates each in a task of its
            // own (ADR 0073): as one chunk they were one task of ~120 ms at 4× CPU slowdown, all of it blocking time.
            { name: 'router', test: ROUTER, priority: 1 },
            {
              name: 'query',
              // `useQueries` and its observer serve only the developers' pages: left out, they load with those (1 KB
              // less on every other page).
              test: (id) =>
                QUERY.test(id) && !/[\\/]@tanstack[\\/](query-core|react-query)[\\/].*[\\/](queriesObserver|useQueries)\.js$/.test(id),
              priority: 1,
            },
            { name: 'ui', test: UI, priority: 1 },
          ],
        },
      },
    },
  },
}));
