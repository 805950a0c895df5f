import { Errors } from '../errors.js';
import { optionalInteger, optionalString, type Params } from './params.js';

const BOUNDS = ['gt', 'gte', 'lt', 'lte'] as const;

function createdBound(name: string, value: unknown): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw Errors.invalidInteger(name, value);
  return Number(value);
}

/**
 * Stripe's `created` filter: `created=<unix seconds>` (exactly then) or any of `created[gt|gte|lt|lte]=<unix seconds>`.
 * Null when the request has none.
 */
export function createdFilter(params: Params): ((created: number) => boolean) | null {
  const value = params.created;
  if (value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const exactly = createdBound('created', value);
    return (created) => created === exactly;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw Errors.invalidInteger('created', value);
  const given = value as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!(BOUNDS as readonly string[]).includes(key)) throw Errors.unknownParam(`created[${key}]`);
  }
  const bound = (key: (typeof BOUNDS)[number]) => (given[key] === undefined ? undefined : createdBound(`created[${key}]`, given[key]));
  const [gt, gte, lt, lte] = BOUNDS.map(bound);
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}

/**
 * Stripe's list envelope with cursor pagination (`limit`, `starting_after`, `ending_before`), newest first, and the
 * `created` filter every list endpoint takes.
 */
export function listResponse<T extends { id: string; created?: number }>(items: Iterable<T>, params: Params, url: string) {
  const inRange = createdFilter(params);
  const all = [...items].filter((item) => !inRange || (item.created !== undefined && inRange(item.created))).reverse();
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw Errors.invalidParam(
      'limit',
      'This value must be greater than or equal to 1 and less than or equal to 100.',
      'parameter_invalid_integer',
    );
  const startingAfter = optionalString(params, 'starting_after');
  const endingBefore = optionalString(params, 'ending_before');
  let data: T[];
  let hasMore: boolean;
  if (startingAfter) {
    const index = all.findIndex((item) => item.id === startingAfter);
    if (index < 0) throw Errors.resourceMissing('object', startingAfter, 'starting_after');
    data = all.slice(index + 1, index + 1 + limit);
    hasMore = index + 1 + limit < all.length;
  } else if (endingBefore) {
    const index = all.findIndex((item) => item.id === endingBefore);
    if (index < 0) throw Errors.resourceMissing('object', endingBefore, 'ending_before');
    data = all.slice(Math.max(0, index - limit), index);
    hasMore = index - limit > 0;
  } else {
    data = all.slice(0, limit);
    hasMore = all.length > limit;
  }
  return { object: 'list' as const, data: data.map((item) => structuredClone(item)), has_more: hasMore, url };
}
