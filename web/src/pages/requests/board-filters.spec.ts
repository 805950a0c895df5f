import { describe, expect, it } from '@jest/globals';
import { boardQueryKey, boardUrl, emptyStateHint, hasActiveFilters, NO_FILTERS } from './board-filters';

describe('buyer request board filters', () => {
  it('asks the server only for the active filters', () => {
    expect(boardUrl(NO_FILTERS)).toBe('/api/buyer-requests');
    expect(boardUrl({ search: '  Cards & more ', category: 'business-cards', budget: '100-500' })).toBe(
      '/api/buyer-requests?q=Cards+%26+more&category=business-cards&budget=100-500',
    );
    expect(boardUrl({ ...NO_FILTERS, budget: 'over-500' }, 'abc', 10)).toBe('/api/buyer-requests?budget=over-500&limit=10&cursor=abc');
  });

  it('gives the spec hint: adjust filters when any is active, otherwise invite the first post', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(emptyStateHint(NO_FILTERS)).toBe('Be the first to post a request!');
    expect(emptyStateHint({ ...NO_FILTERS, search: '   ' })).toBe('Be the first to post a request!');
    for (const active of [
      { ...NO_FILTERS, search: 'x' },
      { ...NO_FILTERS, category: 'packaging' as const },
      { ...NO_FILTERS, budget: 'under-100' as const },
    ]) {
      expect(hasActiveFilters(active)).toBe(true);
      expect(emptyStateHint(active)).toBe('Try adjusting your search filters');
    }
  });

  it('keys every board under the API path, so one invalidation refreshes all filtered boards', () => {
    expect(boardQueryKey({ search: ' a ', category: '', budget: '' })).toEqual([
      '/api/buyer-requests',
      { q: 'a', category: '', budget: '' },
    ]);
  });
});
