import type { Minor } from '../fees/money.js';
import type { Party, Payee, Split } from '../fees/fee-policy.js';

/**
 * Double-entry journal. A posting's amount is positive for a debit and negative for a credit; every entry's
 * postings sum to zero. Accounts:
 *   stripe:balance                  the platform's Stripe balance (asset)
 *   payable:<party>:<acct_…>        what PayMarket owes a connected account (liability): a seller, a print provider,
 *                                   or a white-label marketplace's share (`payable:marketplace:<acct>`, ADR 0051)
 *   revenue:fees                    the platform's fee income
 */
export interface Posting {
  account: string;
  amount: Minor;
}

// dispute, dispute_won, dispute_lost: card disputes (ADR 0045, disputes/dispute-entries.ts).
export type EntryKind = 'charge' | 'transfer' | 'transfer_reversal' | 'refund' | 'dispute' | 'dispute_won' | 'dispute_lost';

export interface JournalEntry {
  kind: EntryKind;
  orderId: string;
  postings: Posting[];
}

export const STRIPE_BALANCE = 'stripe:balance';
export const FEE_REVENUE = 'revenue:fees';

export function payableAccount(party: Payee, stripeAccountId: string): string {
  return `payable:${party}:${stripeAccountId}`;
}

/** A party paid by a Connect transfer: the seller, the print provider or the marketplace. */
export interface Recipient {
  party: Payee;
  stripeAccountId: string;
}

export class UnbalancedEntryError extends Error {}

function entry(kind: EntryKind, orderId: string, postings: Posting[]): JournalEntry {
  const nonZero = postings.filter((p) => p.amount !== 0n);
  const sum = nonZero.reduce((a, p) => a + p.amount, 0n);
  if (sum !== 0n) throw new UnbalancedEntryError(`${kind} for ${orderId} does not balance (off by ${sum})`);
  return { kind, orderId, postings: nonZero };
}

/** A payment succeeded: the whole total lands in our Stripe balance, owed to the recipients and earned as fee. */
export function chargeEntry(orderId: string, split: Split, recipients: readonly Recipient[]): JournalEntry {
  const postings: Posting[] = [{ account: STRIPE_BALANCE, amount: split.total }];
  for (const line of split.lines) {
    if (line.party === 'platform') {
      postings.push({ account: FEE_REVENUE, amount: -line.amount });
      continue;
    }
    const recipient = recipients.find((r) => r.party === line.party);
    if (!recipient) throw new Error(`no connected account for the ${line.party}`);
    postings.push({ account: payableAccount(line.party, recipient.stripeAccountId), amount: -line.amount });
  }
  return entry('charge', orderId, postings);
}

/** Money sent to a connected account settles what we owe it. */
export function transferEntry(orderId: string, recipient: Recipient, amount: Minor): JournalEntry {
  return entry('transfer', orderId, [
    { account: payableAccount(recipient.party, recipient.stripeAccountId), amount },
    { account: STRIPE_BALANCE, amount: -amount },
  ]);
}

/** A transfer reversal brings money back from a connected account before a refund. */
export function transferReversalEntry(orderId: string, recipient: Recipient, amount: Minor): JournalEntry {
  return entry('transfer_reversal', orderId, [
    { account: STRIPE_BALANCE, amount },
    { account: payableAccount(recipient.party, recipient.stripeAccountId), amount: -amount },
  ]);
}

/** A refund to the buyer, taken from each party as allocated (after their transfers were reversed). */
export function refundEntry(
  orderId: string,
  allocation: ReadonlyArray<{ party: Party; stripeAccountId?: string; amount: Minor }>,
): JournalEntry {
  const total = allocation.reduce((a, x) => a + x.amount, 0n);
  return entry('refund', orderId, [
    ...allocation.map((x) => ({
      account: x.party === 'platform' ? FEE_REVENUE : payableAccount(x.party, x.stripeAccountId ?? 'unknown'),
      amount: x.amount,
    })),
    { account: STRIPE_BALANCE, amount: -total },
  ]);
}

/** Balance per account over a set of entries. */
export function trialBalance(entries: readonly JournalEntry[]): Map<string, Minor> {
  const balances = new Map<string, Minor>();
  for (const e of entries) for (const p of e.postings) balances.set(p.account, (balances.get(p.account) ?? 0n) + p.amount);
  return balances;
}

export interface LedgerProblem {
  orderId: string;
  problem: string;
}

/** Every entry balances and the whole journal sums to zero. */
export function verifyJournal(entries: readonly JournalEntry[]): LedgerProblem[] {
  const problems: LedgerProblem[] = [];
  for (const e of entries) {
    const sum = e.postings.reduce((a, p) => a + p.amount, 0n);
    if (sum !== 0n) problems.push({ orderId: e.orderId, problem: `${e.kind} entry off by ${sum}` });
  }
  const total = [...trialBalance(entries).values()].reduce((a, b) => a + b, 0n);
  if (total !== 0n) problems.push({ orderId: '*', problem: `journal off by ${total}` });
  return problems;
}
