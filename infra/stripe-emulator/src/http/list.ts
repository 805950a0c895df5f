import { Errors } from '../errors.js';
import { optionalInteger, optionalString, type Params } from './params.js';

/** Stripe's list envelope with cursor pagination (`limit`, `starting_after`, `ending_before`), newest first. */
export function listResponse<T extends { id: string; created?: number }>(items: Iterable<T>, params: Params, url: string) {
  const all = [...items].reverse();
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
