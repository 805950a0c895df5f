import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageOf, pagePreloads, prerenderedPages } from './route-preload.js';

describe('pagePreloads', () => {
  const html = '<html><head><script type="module" src="/assets/index-A.js"></script></head><body></body></html>';

  it("adds modulepreload links for a page's own chunks, not the entry's", () => {
    const dist = mkdtempSync(join(tmpdir(), 'preload-'));
    try {
      mkdirSync(join(dist, '.vite'));
      writeFileSync(
        join(dist, '.vite', 'manifest.json'),
        JSON.stringify({
          'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react.js'] },
          '_react.js': { file: 'assets/react-R.js' },
          '_card.js': { file: 'assets/card-C.js', imports: ['_react.js'] },
          'src/pages/sellers.tsx': { file: 'assets/sellers-S.js', imports: ['index.html', '_card.js'] },
          'src/pages/home.tsx': { file: 'assets/home-H.js', imports: ['index.html'] },
        }),
      );
      const pages = pagePreloads(dist, html);
      expect(pages.get('sellers')?.html).toBe(
        '<html><head><script type="module" src="/assets/index-A.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/sellers-S.js"><link rel="modulepreload" crossorigin href="/assets/card-C.js">' +
          '</head><body></body></html>',
      );
      expect(pages.get('')?.html).toContain('href="/assets/home-H.js"');
      // What main.tsx preloads itself on first use (ADR 0062): the entry's imports, then the page's chunks.
      expect(pages.get('sellers')?.modules).toEqual(['/assets/react-R.js', '/assets/sellers-S.js', '/assets/card-C.js']);
      expect(pages.has('payment')).toBe(false);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('leaves index.html alone without a manifest', () => {
    expect(pagePreloads(join(tmpdir(), 'no-such-dist'), html).size).toBe(0);
  });

  it("preloads the entry's start-up stages (its dynamic imports) on every page, before the page's chunks", () => {
    const dist = mkdtempSync(join(tmpdir(), 'preload-'));
    try {
      mkdirSync(join(dist, '.vite'));
      writeFileSync(
        join(dist, '.vite', 'manifest.json'),
        JSON.stringify({
          'index.html': { file: 'assets/index-A.js', isEntry: true, dynamicImports: ['_react.js', 'src/boot.tsx'] },
          '_react.js': { file: 'assets/react-R.js', imports: ['index.html'] },
          'src/boot.tsx': { file: 'assets/boot-B.js', imports: ['_react.js'], dynamicImports: ['src/pages/sellers.tsx'] },
          'src/pages/sellers.tsx': { file: 'assets/sellers-S.js', imports: ['_react.js'] },
        }),
      );
      const links = [
        ...pagePreloads(dist, html)
          .get('sellers')!
          .html.matchAll(/href="([^"]+)"/g),
      ].map((m) => m[1]);
      expect(links).toEqual(['/assets/react-R.js', '/assets/boot-B.js', '/assets/sellers-S.js']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('keys a one-segment path by that segment, and no deeper path', () => {
    expect([pageOf('/'), pageOf('/sellers'), pageOf('/sellers/'), pageOf('/sellers/edit/1')]).toEqual([
      '',
      'sellers',
      'sellers',
      undefined,
    ]);
  });
});

describe('prerenderedPages', () => {
  const html =
    '<html><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react-R.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-S.css"></head><body><div id="root"></div></body></html>';

  function withDist(files: Record<string, string>, run: (dist: string) => void): void {
    const dist = mkdtempSync(join(tmpdir(), 'prerender-'));
    try {
      mkdirSync(join(dist, '.vite'));
      mkdirSync(join(dist, 'assets'));
      for (const [file, text] of Object.entries(files)) writeFileSync(join(dist, file), text);
      run(dist);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }

  const shell = (markup: string, visitorComplete = false) => ({ unknown: markup, visitor: `${markup}<a>Sign in</a>`, visitorComplete });

  it("puts each page's markup in #root, inlines the stylesheet, and leaves the page's code to main.tsx after the first paint", () => {
    withDist(
      {
        '.vite/prerender.json': JSON.stringify({ '/sellers': shell('<h1>Browse Sellers</h1>'), '/': shell('<h1>Home $&</h1>', true) }),
        'assets/index-S.css': 'h1{color:red}',
      },
      (dist) => {
        const pages = prerenderedPages(
          dist,
          html,
          new Map([['sellers', { html: html.replace('</head>', '<!--sellers--></head>'), modules: [] }]]),
        );

        expect(pages.get('/sellers')?.unknown).toBe(
          '<html><head><script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js"></script>' +
            '<style>h1{color:red}</style>' +
            // The page's files, preloaded by main.tsx once the view is painted (ADR 0073).
            '<meta name="paymarket-modules" content="">' +
            // The first paint waits for the whole view (ADR 0063).
            '<link rel="expect" href="#root" blocking="render"></head><body><div id="root"><h1>Browse Sellers</h1></div></body></html>',
        );
        // The markup is inserted as it is, `$&` included.
        expect(pages.get('/')?.unknown).toContain('<div id="root"><h1>Home $&</h1></div>');
        expect(pages.has('/payment')).toBe(false);
      },
    );
  });

  // ADR 0062: the visitor's view says it is one, and asks for hydration on first use only when it is the whole view.
  it("gives each page a visitor's HTML with its own view and meta tags", () => {
    withDist(
      { '.vite/prerender.json': JSON.stringify({ '/sellers': shell('<h1>Browse Sellers</h1>'), '/': shell('<h1>Home</h1>', true) }) },
      (dist) => {
        const pages = prerenderedPages(dist, html, new Map([['', { html, modules: ['/assets/react-R.js', '/assets/home-H.js'] }]]));

        expect(pages.get('/')?.visitor).toContain(
          '<meta name="paymarket-viewer" content="visitor"><meta name="paymarket-hydrate" content="on-first-use"><meta name="paymarket-modules"',
        );
        expect(pages.get('/')?.visitor).toContain('<div id="root"><h1>Home</h1><a>Sign in</a></div>');
        // Its chunks are not fetched while the page loads, but listed for main.tsx to preload after the first paint (ADR 0073).
        expect(pages.get('/')?.visitor).not.toContain('modulepreload');
        expect(pages.get('/')?.visitor).toContain('<meta name="paymarket-modules" content="/assets/react-R.js /assets/home-H.js">');
        expect(pages.get('/')?.visitor).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js">');
        expect(pages.get('/sellers')?.visitor).not.toContain('modulepreload');
        expect(pages.get('/sellers')?.visitor).toContain('<meta name="paymarket-viewer" content="visitor"><meta name="paymarket-modules"');
        expect(pages.get('/sellers')?.visitor).not.toContain('paymarket-hydrate');
        expect(pages.get('/sellers')?.unknown).not.toContain('<meta name="paymarket-viewer');
      },
    );
  });

  it('keeps the stylesheet link when the file is missing', () => {
    withDist({ '.vite/prerender.json': JSON.stringify({ '/': shell('<h1>Home</h1>') }) }, (dist) => {
      expect(prerenderedPages(dist, html, new Map()).get('/')?.visitor).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/index-S.css">',
      );
    });
  });

  it('is empty when the build prerendered nothing', () => {
    withDist({}, (dist) => expect(prerenderedPages(dist, html, new Map()).size).toBe(0));
  });
});
