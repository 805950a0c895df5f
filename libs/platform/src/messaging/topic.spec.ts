import { describe, expect, it } from '@jest/globals';
import { topicMatches } from './topic.js';

describe('topicMatches', () => {
  it.each([
    ['buyer.registered', 'buyer.registered', true],
    ['buyer.registered', 'buyer.deleted', false],
    ['buyer.*', 'buyer.registered', true],
    ['buyer.*', 'buyer.registered.again', false],
    ['#', 'anything.at.all', true],
    ['payment.#', 'payment', true],
    ['payment.#', 'payment.refund.partial', true],
    ['*.registered', 'seller.registered', true],
    ['*.registered', 'registered', false],
    ['a.#.z', 'a.z', true],
    ['a.#.z', 'a.b.c.z', true],
    ['a.#.z', 'a.b.c', false],
  ])('%s against %s is %s', (pattern, key, expected) => {
    expect(topicMatches(pattern, key)).toBe(expected);
  });
});
