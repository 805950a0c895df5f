import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type HtmlEncoding = 'br' | 'gzip' | 'identity';

/** A page's HTML, compressed once when the gateway starts (pages are fixed per build; ADR 0044). */
export class CompressedHtml {
  private readonly bodies: Record<HtmlEncoding, Buffer>;

  constructor(html: string) {
    const identity = Buffer.from(html, 'utf8');
    this.bodies = {
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    };
  }

  body(encoding: HtmlEncoding): Buffer {
    return this.bodies[encoding];
  }
}

/** The best encoding the client accepts (`Accept-Encoding`, q=0 meaning refused): br, then gzip, else none. */
export function htmlEncoding(acceptEncoding: string | string[] | undefined): HtmlEncoding {
  const accepted = new Set<string>();
  for (const part of [acceptEncoding ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name !== '' && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
