import { describe, expect, it } from '@jest/globals';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressedHtml, htmlEncoding } from './compressed-html.js';

describe(CompressedHtml.name, () => {
  it('holds the same HTML in each encoding', () => {
    const html = `<!doctype html><p>${'PayMarket '.repeat(200)}</p>`;
    const sut = new CompressedHtml(html);

    expect(sut.body('identity').toString('utf8')).toBe(html);
    expect(gunzipSync(sut.body('gzip')).toString('utf8')).toBe(html);
    expect(brotliDecompressSync(sut.body('br')).toString('utf8')).toBe(html);
    expect(sut.body('br').length).toBeLessThan(html.length / 10);
  });
});

describe(htmlEncoding.name, () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(htmlEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(htmlEncoding('gzip, deflate')).toBe('gzip');
    expect(htmlEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(htmlEncoding('BR')).toBe('br');
    expect(htmlEncoding(['deflate', 'gzip'])).toBe('gzip');
    expect(htmlEncoding('gzip;q=0, identity')).toBe('identity');
    expect(htmlEncoding(undefined)).toBe('identity');
  });
});
