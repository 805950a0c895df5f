import { describe, expect, it } from '@jest/globals';
import { verifyJournal } from '../ledger/journal.js';
import { disputeLostEntry, disputeOpenedEntry, disputeWonEntry, DISPUTES_HELD } from './dispute-entries.js';

describe('dispute ledger entries', () => {
  it('balance, and a dispute opened then won or lost leaves nothing held', () => {
    for (const closing of [disputeWonEntry, disputeLostEntry]) {
      const entries = [disputeOpenedEntry('o1', 4356n), closing('o1', 4356n)];
      expect(verifyJournal(entries)).toEqual([]);
      const held = entries.flatMap((e) => e.postings).filter((p) => p.account === DISPUTES_HELD);
      expect(held.reduce((a, p) => a + p.amount, 0n)).toBe(0n);
    }
  });
});
