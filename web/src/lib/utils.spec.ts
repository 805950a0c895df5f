import { describe, expect, it } from '@jest/globals';
import { cn } from './utils';

describe('cn', () => {
  it('joins conditional classes as clsx does', () => {
    const hidden = false;
    expect(cn('px-2', hidden && 'hidden', undefined, { 'font-bold': true, italic: false })).toBe('px-2 font-bold');
  });

  it('lets a later utility replace an earlier one for the same property (a caller overriding a component default)', () => {
    expect(cn('h-10 px-4 py-2 bg-primary', 'h-9 px-3', 'bg-destructive')).toBe('py-2 h-9 px-3 bg-destructive');
    expect(cn('text-sm text-muted-foreground', 'text-destructive')).toBe('text-sm text-destructive');
  });
});
