import type { BudgetBucket, RequestCategory } from '@paymarket/contracts';
import { BUDGET_BUCKETS, REQUEST_CATEGORIES } from '@/lib/contracts-light';

/** The board's filters as the page holds them: '' means "all". They are applied by the server (GET query). */
export interface BoardFilters {
  search: string;
  category: RequestCategory | '';
  budget: BudgetBucket | '';
}

export const NO_FILTERS: BoardFilters = { search: '', category: '', budget: '' };

export const BUYER_REQUESTS_PATH = '/api/buyer-requests';

/** Spec §2: the empty-state hint depends on whether any filter is active. */
export function hasActiveFilters(filters: BoardFilters): boolean {
  return filters.search.trim() !== '' || filters.category !== '' || filters.budget !== '';
}

export function emptyStateHint(filters: BoardFilters): string {
  return hasActiveFilters(filters) ? 'Try adjusting your search filters' : 'Be the first to post a request!';
}

export function isCategory(value: string): value is RequestCategory {
  return (REQUEST_CATEGORIES as readonly string[]).includes(value);
}

export function isBudgetBucket(value: string): value is BudgetBucket {
  return (BUDGET_BUCKETS as readonly string[]).includes(value);
}

/** GET /api/buyer-requests?q=…&category=…&budget=…&cursor=… with only the active filters. */
export function boardUrl(filters: BoardFilters, cursor?: string | null, limit?: number): string {
  const params = new URLSearchParams();
  const q = filters.search.trim();
  if (q !== '') params.set('q', q);
  if (filters.category !== '') params.set('category', filters.category);
  if (filters.budget !== '') params.set('budget', filters.budget);
  if (limit !== undefined) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${BUYER_REQUESTS_PATH}?${query}` : BUYER_REQUESTS_PATH;
}

/** The query key of one filtered board; every board key starts with the path so one invalidation refreshes all. */
export function boardQueryKey(filters: BoardFilters): readonly [string, { q: string; category: string; budget: string }] {
  return [BUYER_REQUESTS_PATH, { q: filters.search.trim(), category: filters.category, budget: filters.budget }] as const;
}
