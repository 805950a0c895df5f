import type { Minor } from '../fees/money.js';
import { STRIPE_BALANCE, type JournalEntry } from '../ledger/journal.js';

/**
 * Ledger accounts of card disputes (ADR 0045):
 *   disputes:held     the disputed amount Stripe took from our balance while the card network decides (asset)
 *   losses:disputes   disputes we lost (expense)
 */
export const DISPUTES_HELD = 'disputes:held';
export const DISPUTE_LOSSES = 'losses:disputes';

function balanced(kind: JournalEntry['kind'], orderId: string, postings: JournalEntry['postings']): JournalEntry {
  if (postings.reduce((a, p) => a + p.amount, 0n) !== 0n) throw new Error(`${kind} for ${orderId} does not balance`);
  return { kind, orderId, postings };
}

/** The dispute opened: Stripe withdrew the disputed amount from our balance and holds it. */
export function disputeOpenedEntry(orderId: string, amount: Minor): JournalEntry {
  return balanced('dispute', orderId, [
    { account: DISPUTES_HELD, amount },
    { account: STRIPE_BALANCE, amount: -amount },
  ]);
}

/** Won: the held amount comes back to our balance. */
export function disputeWonEntry(orderId: string, amount: Minor): JournalEntry {
  return balanced('dispute_won', orderId, [
    { account: STRIPE_BALANCE, amount },
    { account: DISPUTES_HELD, amount: -amount },
  ]);
}

/** Lost: the held amount is gone for good, a loss of the platform's (recovering it from recipients is a human decision). */
export function disputeLostEntry(orderId: string, amount: Minor): JournalEntry {
  return balanced('dispute_lost', orderId, [
    { account: DISPUTE_LOSSES, amount },
    { account: DISPUTES_HELD, amount: -amount },
  ]);
}
