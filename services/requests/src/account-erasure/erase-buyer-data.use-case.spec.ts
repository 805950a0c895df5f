import { describe, expect, it } from '@jest/globals';
import { ERASED_BUYER_NAME, erasedBuyerEmail, type EventEnvelope, type EventMap, type EventName } from '@paymarket/contracts';
import type { Inbox, InboxOutcome, Transaction } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { AccountDeletionHandler } from './account-deletion.handler.js';
import {
  BuyerDataErasureRepository,
  ERASED_REQUEST_TITLE,
  type ErasedBuyer,
  type RemovedRequest,
} from './buyer-data-erasure.repository.js';
import { EraseBuyerDataUseCase } from './erase-buyer-data.use-case.js';

interface Row {
  id: string;
  title: string;
  description: string;
  budget: string;
  timeline: string;
  location: string;
  buyerId: string;
  buyerEmail: string;
  buyerName: string;
  deletedAt: Date | null;
}
interface Interest {
  requestId: string;
  sellerId: string;
  message: string;
}
interface OutboxRow {
  name: string;
  sent: boolean;
  payload: Record<string, unknown>;
}

/** Mirrors the SQL repository's rules on plain arrays. */
class InMemoryErasure extends BuyerDataErasureRepository {
  rows: Row[] = [];
  interests: Interest[] = [];
  outbox: OutboxRow[] = [];

  async softDeleteVisibleOf(_tx: Transaction, buyerId: string): Promise<RemovedRequest[]> {
    const at = new Date('2030-01-01T10:00:00Z');
    const visible = this.rows.filter((r) => r.buyerId === buyerId && r.deletedAt === null);
    visible.forEach((r) => (r.deletedAt = at));
    return visible.map((r) => ({ id: r.id, deletedAt: at }));
  }
  async anonymiseRequestsOf(_tx: Transaction, erased: ErasedBuyer): Promise<string[]> {
    const mine = this.rows.filter((r) => r.buyerId === erased.buyerId);
    for (const r of mine) {
      Object.assign(r, {
        buyerEmail: erased.email,
        buyerName: erased.name,
        title: ERASED_REQUEST_TITLE,
        description: '',
        budget: '',
        timeline: '',
        location: '',
      });
    }
    return mine.map((r) => r.id);
  }
  async clearInterestMessages(_tx: Transaction, requestIds: readonly string[]): Promise<void> {
    this.interests.filter((i) => requestIds.includes(i.requestId)).forEach((i) => (i.message = ''));
  }
  async redactPublishedEvents(_tx: Transaction, requestIds: readonly string[], erased: ErasedBuyer): Promise<void> {
    for (const row of this.outbox) {
      if (!row.sent || !requestIds.includes(row.payload.requestId as string)) continue;
      if ('buyerEmail' in row.payload) row.payload.buyerEmail = erased.email;
      if ('buyerName' in row.payload) row.payload.buyerName = erased.name;
    }
  }
}

function fakeTx(published: Array<{ name: EventName; data: unknown }>): Transaction {
  return {
    manager: {} as EntityManager,
    publish: async <N extends EventName>(name: N, data: EventMap[N]) => {
      published.push({ name, data });
      return { id: 'e', name, data, occurredAt: '', producer: 'requests', correlationId: 'c' };
    },
  };
}

function request(id: string, buyerId: string, email: string, name: string, deletedAt: Date | null = null): Row {
  return {
    id,
    title: `Cards for ${name}`,
    description: `Call ${name} at ${email}`,
    budget: '$100',
    timeline: '2 weeks',
    location: '12 Baker Street',
    buyerId,
    buyerEmail: email,
    buyerName: name,
    deletedAt,
  };
}

function setup() {
  const repo = new InMemoryErasure();
  const earlier = new Date('2029-12-01T10:00:00Z');
  repo.rows.push(
    request('r1', 'b-ada', 'ada@example.com', 'Ada'),
    request('r2', 'b-ada', 'ada@example.com', 'Ada'),
    request('r3', 'b-ada', 'ada@example.com', 'Ada', earlier),
    request('r4', 'b-eve', 'eve@example.com', 'Eve'),
  );
  repo.interests.push(
    { requestId: 'r1', sellerId: 's1', message: 'Hi Ada, we can help' },
    { requestId: 'r4', sellerId: 's1', message: 'Hi Eve' },
  );
  repo.outbox.push(
    { name: 'request.posted', sent: true, payload: { requestId: 'r1', buyerEmail: 'ada@example.com' } },
    { name: 'request.posted', sent: true, payload: { requestId: 'r4', buyerEmail: 'eve@example.com' } },
  );
  return { repo, useCase: new EraseBuyerDataUseCase(repo) };
}

describe(EraseBuyerDataUseCase.name, () => {
  it('takes the buyer’s visible requests off the board with a request.deleted each and anonymises all of them', async () => {
    const { repo, useCase } = setup();
    const published: Array<{ name: EventName; data: unknown }> = [];

    const summary = await useCase.execute(fakeTx(published), 'b-ada');

    expect(summary).toEqual({ removed: 2, anonymised: 3 });
    expect(published).toEqual([
      { name: 'request.deleted', data: { requestId: 'r1', deletedAt: '2030-01-01T10:00:00.000Z' } },
      { name: 'request.deleted', data: { requestId: 'r2', deletedAt: '2030-01-01T10:00:00.000Z' } },
    ]);
    const ada = repo.rows.filter((r) => r.buyerId === 'b-ada');
    expect(ada.every((r) => r.deletedAt !== null)).toBe(true);
    // The earlier delete keeps its own time.
    expect(repo.rows.find((r) => r.id === 'r3')!.deletedAt).toEqual(new Date('2029-12-01T10:00:00Z'));
    for (const r of ada) {
      expect(r).toMatchObject({
        buyerEmail: erasedBuyerEmail('b-ada'),
        buyerName: ERASED_BUYER_NAME,
        title: ERASED_REQUEST_TITLE,
        description: '',
        budget: '',
        timeline: '',
        location: '',
      });
    }
    expect(JSON.stringify(ada)).not.toMatch(/ada@example\.com|Ada\b|Baker/);
    expect(repo.interests).toEqual([
      { requestId: 'r1', sellerId: 's1', message: '' },
      { requestId: 'r4', sellerId: 's1', message: 'Hi Eve' },
    ]);
    expect(repo.outbox.map((o) => o.payload.buyerEmail)).toEqual([erasedBuyerEmail('b-ada'), 'eve@example.com']);
  });

  it('leaves another buyer untouched', async () => {
    const { repo, useCase } = setup();
    const before = structuredClone(repo.rows.find((r) => r.id === 'r4'));
    await useCase.execute(fakeTx([]), 'b-ada');
    expect(repo.rows.find((r) => r.id === 'r4')).toEqual(before);
  });

  it('removes nothing more and publishes nothing when run again', async () => {
    const { repo, useCase } = setup();
    await useCase.execute(fakeTx([]), 'b-ada');
    const after = structuredClone(repo.rows);
    const published: Array<{ name: EventName; data: unknown }> = [];

    const summary = await useCase.execute(fakeTx(published), 'b-ada');

    expect(summary).toEqual({ removed: 0, anonymised: 3 });
    expect(published).toEqual([]);
    expect(repo.rows).toEqual(after);
  });
});

/** Records event ids per consumer like the real inbox table. */
class FakeInbox {
  readonly seen = new Set<string>();
  async handle<N extends EventName>(
    envelope: EventEnvelope<N>,
    consumer: string,
    effect: (tx: Transaction, envelope: EventEnvelope<N>) => Promise<void>,
  ): Promise<InboxOutcome> {
    const key = `${consumer}:${envelope.id}`;
    if (this.seen.has(key)) return 'duplicate';
    await effect(fakeTx([]), envelope);
    this.seen.add(key);
    return 'processed';
  }
}

function deletionEvent(buyerId: string): EventEnvelope<'account.deletion_requested'> {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'account.deletion_requested',
    occurredAt: '2030-01-01T10:00:00Z',
    producer: 'onboarding',
    correlationId: 'c',
    data: { requestId: 'q', buyerId, email: 'ada@example.com', requestedAt: '', confirmedAt: '' },
  };
}

describe(AccountDeletionHandler.name, () => {
  it('erases once per event, however often it is delivered', async () => {
    const { repo, useCase } = setup();
    const calls: string[] = [];
    const counting = { execute: async (tx: Transaction, id: string) => (calls.push(id), useCase.execute(tx, id)) };
    const handler = new AccountDeletionHandler(new FakeInbox() as unknown as Inbox, counting as unknown as EraseBuyerDataUseCase);

    await handler.onAccountDeleted(deletionEvent('b-ada'));
    await handler.onAccountDeleted(deletionEvent('b-ada'));

    expect(calls).toEqual(['b-ada']);
    expect(repo.rows.filter((r) => r.deletedAt === null).map((r) => r.id)).toEqual(['r4']);
  });

  it('erases nothing for an event without a buyer id', async () => {
    const { repo, useCase } = setup();
    const handler = new AccountDeletionHandler(new FakeInbox() as unknown as Inbox, useCase);
    const before = structuredClone(repo.rows);

    await handler.onAccountDeleted(deletionEvent(''));

    expect(repo.rows).toEqual(before);
  });
});
