import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageOf, pagePreloads } from './route-preload.js';

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
      expect(pages.get('sellers')).toBe(
        '<html><head><script type="module" src="/assets/index-A.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/sellers-S.js"><link rel="modulepreload" crossorigin href="/assets/card-C.js">' +
          '</head><body></body></html>',
      );
      expect(pages.get('')).toContain('href="/assets/home-H.js"');
      expect(pages.has('payment')).toBe(false);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('leaves index.html alone without a manifest', () => {
    expect(pagePreloads(join(tmpdir(), 'no-such-dist'), html).size).toBe(0);
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
