import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { twMerge } from 'tailwind-merge';
import { mergeClasses } from './class-merge';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** Every word of every string literal in web/src that could be a Tailwind class: a superset of the classes the app writes. */
function vocabulary(): string[] {
  const words = new Set<string>();
  for (const file of sources(SRC)) {
    for (const literal of readFileSync(file, 'utf8').matchAll(/(["'`])((?:(?!\1)[^\\\n])*)\1/g)) {
      for (const word of literal[2]!.split(/\s+/)) {
        // A word tailwind-merge reads as a utility (it merges a word with itself); anything else is not a class here.
        if (/^[!a-z0-9[-][\w:\-/.[\]%!#(),=&>*]*$/i.test(word) && twMerge(`${word} ${word}`) === word) words.add(word);
      }
    }
  }
  return [...words].sort();
}

describe('mergeClasses (cn without tailwind-merge, ADR 0058)', () => {
  it('agrees with tailwind-merge on every ordered pair of words in web/src string literals', () => {
    const words = vocabulary();
    expect(words.length).toBeGreaterThan(300);
    const disagreements: string[] = [];
    for (const first of words) {
      for (const second of words) {
        const classes = `${first} ${second}`;
        if (mergeClasses(classes) !== twMerge(classes)) disagreements.push(classes);
      }
    }
    expect(disagreements.slice(0, 200)).toEqual([]);
  });

  it('keeps unrelated classes and their order, drops what a later class replaces', () => {
    expect(mergeClasses('px-4 py-2 text-sm text-white hover:bg-primary/90 p-6')).toBe('text-sm text-white hover:bg-primary/90 p-6');
    expect(mergeClasses('h-10 w-full md:h-12 h-12 focus-visible:ring-2 focus-visible:ring-ring')).toBe(
      'w-full md:h-12 h-12 focus-visible:ring-2 focus-visible:ring-ring',
    );
    expect(mergeClasses('hover:focus:underline focus:hover:no-underline')).toBe('focus:hover:no-underline');
  });
});
