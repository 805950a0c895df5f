/**
 * @jest-environment node
 */
import { describe, expect, it, jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { WIDGET_FILE_NAME } from '../vite.widget.config';

jest.setTimeout(120_000);

/** Issue 21: the script marketplaces paste stays small. */
const MAX_GZIP_BYTES = 30 * 1024;
const web = fileURLToPath(new URL('..', import.meta.url));
const vite = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));

describe('the built /widget.js', () => {
  it('is one self-contained script of at most 30 KB gzip, starting with its version banner', () => {
    // The real build (`npm run build` in web), in a process of its own: Vite's native bundler does not load in jest's VM.
    const outDir = mkdtempSync(join(tmpdir(), 'widget-build-'));
    try {
      const built = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.widget.config.ts', '--outDir', outDir], {
        cwd: web,
        encoding: 'utf8',
        timeout: 110_000,
      });
      expect({ status: built.status, stderr: built.stderr }).toEqual({ status: 0, stderr: '' });

      expect(readdirSync(outDir)).toEqual([WIDGET_FILE_NAME]);
      const code = readFileSync(join(outDir, WIDGET_FILE_NAME), 'utf8');
      expect(code).toMatch(/^\/\*! PayMarket widget [0-9a-f]{16} \*\/\n/);
      // Nothing left to load on the marketplace's page, and nothing of the React app.
      expect(code).not.toMatch(/\bimport\s*\(|^import\s/m);
      expect(code).not.toMatch(/react/i);
      expect(code).toContain('/api/embed/config?marketplace=');
      expect(gzipSync(code).length).toBeLessThanOrEqual(MAX_GZIP_BYTES);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
