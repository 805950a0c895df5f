import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_DELETION_MESSAGES, DELETION_LINK_TTL_MS, type EventMap, type EventName } from '@paymarket/contracts';
import { ServiceError, type Transaction, type UnitOfWork } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { Clock } from '../auth/clock.js';
import { MemoryAuditTrail } from '../auth/memory-audit-trail.testing.js';
import {
  AccountDeletionRepository,
  type DeletionBuyer,
  type DeletionRequestRow,
  type NewDeletionRequest,
} from './account-deletion.repository.js';
import { ConfirmAccountDeletionUseCase } from './confirm-account-deletion.use-case.js';
import { hashDeletionToken } from './deletion-tokens.js';
import { EXPIRED_REQUEST_RETENTION_MS, REPEAT_WINDOW_MS, RequestAccountDeletionUseCase } from './request-account-deletion.use-case.js';

type StoredBuyer = DeletionBuyer & { deletedAt: Date | null; company: string | null };
type StoredRequest = Omit<NewDeletionRequest, 'email'> & { confirmedAt: Date | null; email: string | null };

class InMemoryDeletions extends AccountDeletionRepository {
  buyers: StoredBuyer[] = [];
  requests: StoredRequest[] = [];
  signInCodes: Array<{ buyerId: string | null; email: string }> = [];
  sessions: Array<{ subjectId: string; revokedAt: Date | null }> = [];

  /** Rows come back as copies, as from SQL: erasing a buyer must not change what a use case already read. */
  private copy(buyer: StoredBuyer | undefined): DeletionBuyer | undefined {
    return buyer && { id: buyer.id, name: buyer.name, email: buyer.email };
  }
  async lockEmail(): Promise<void> {}
  async activeBuyerByEmail(_tx: Transaction, email: string): Promise<DeletionBuyer | undefined> {
    return this.copy(this.buyers.find((b) => b.email === email && !b.deletedAt));
  }
  async activeBuyerById(_tx: Transaction, id: string): Promise<DeletionBuyer | undefined> {
    return this.copy(this.buyers.find((b) => b.id === id && !b.deletedAt));
  }
  async hasOpenRequestSince(_tx: Transaction, buyerId: string, since: Date): Promise<boolean> {
    return this.requests.some((r) => r.buyerId === buyerId && !r.confirmedAt && r.createdAt > since);
  }
  async dropOpenRequests(_tx: Transaction, buyerId: string): Promise<void> {
    this.requests = this.requests.filter((r) => r.buyerId !== buyerId || r.confirmedAt);
  }
  async purgeExpired(_tx: Transaction, before: Date): Promise<void> {
    this.requests = this.requests.filter((r) => r.confirmedAt || r.expiresAt >= before);
  }
  async insert(_tx: Transaction, row: NewDeletionRequest): Promise<void> {
    this.requests.push({ ...row, confirmedAt: null });
  }
  async lockByTokenHash(_tx: Transaction, tokenHash: string): Promise<DeletionRequestRow | undefined> {
    return this.requests.find((r) => r.tokenHash === tokenHash);
  }
  async markConfirmed(_tx: Transaction, id: string, at: Date): Promise<void> {
    const row = this.requests.find((r) => r.id === id)!;
    row.confirmedAt = at;
    row.email = null;
  }
  async eraseBuyer(_tx: Transaction, buyerId: string, at: Date): Promise<void> {
    const buyer = this.buyers.find((b) => b.id === buyerId)!;
    Object.assign(buyer, { name: 'Deleted buyer', email: `deleted-${buyerId}@deleted.invalid`, company: null, deletedAt: at });
  }
  async deleteSignInCodes(_tx: Transaction, buyerId: string, email: string): Promise<void> {
    this.signInCodes = this.signInCodes.filter((c) => c.buyerId !== buyerId && c.email !== email);
  }
  redactedEvents: Array<{ buyerId: string; email: string }> = [];
  async redactPublishedEvents(_tx: Transaction, buyerId: string, email: string): Promise<void> {
    this.redactedEvents.push({ buyerId, email });
  }
  async revokeBuyerSessions(_tx: Transaction, buyerId: string, at: Date): Promise<number> {
    const open = this.sessions.filter((s) => s.subjectId === buyerId && !s.revokedAt);
    open.forEach((s) => (s.revokedAt = at));
    return open.length;
  }
}

/** Commits only when the work succeeds, like the real unit of work: events of a failed run are discarded. */
function fakeUnitOfWork() {
  const published: Array<{ name: EventName; data: unknown }> = [];
  const uow = {
    run: async <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
      const pending: typeof published = [];
      const tx: Transaction = {
        manager: {} as EntityManager,
        publish: async <N extends EventName>(name: N, data: EventMap[N]) => {
          pending.push({ name, data });
          return { id: 'e1', name, data, occurredAt: '', producer: 'onboarding', correlationId: 'c' };
        },
      };
      const result = await work(tx);
      published.push(...pending);
      return result;
    },
  };
  return { uow: uow as unknown as UnitOfWork, published };
}

class FakeClock extends Clock {
  current = new Date('2030-01-01T10:00:00Z');
  now(): Date {
    return new Date(this.current);
  }
}

const ADA = 'ada@example.com';
/** Where the link was followed from, as the gateway says it (ADR 0075). */
const FROM = { ip: '203.0.113.5', userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15' };

function setup() {
  const repo = new InMemoryDeletions();
  repo.buyers.push({ id: 'b-ada', name: 'Ada', email: ADA, company: 'Acme', deletedAt: null });
  repo.signInCodes.push({ buyerId: 'b-ada', email: ADA });
  repo.sessions.push(
    { subjectId: 'b-ada', revokedAt: null },
    { subjectId: 'b-ada', revokedAt: null },
    { subjectId: 'b-eve', revokedAt: null },
  );
  const { uow, published } = fakeUnitOfWork();
  const clock = new FakeClock();
  const trail = new MemoryAuditTrail();
  return {
    repo,
    published,
    clock,
    trail,
    request: new RequestAccountDeletionUseCase(repo, uow, clock),
    confirm: new ConfirmAccountDeletionUseCase(repo, uow, clock, trail),
  };
}

/** The token from the path of the last confirmation event. */
function lastToken(published: Array<{ name: EventName; data: unknown }>): string {
  const event = published.filter((e) => e.name === 'account.deletion_confirmation_requested').at(-1);
  const path = (event?.data as EventMap['account.deletion_confirmation_requested']).path!;
  return new URL(path, 'http://x').searchParams.get('token')!;
}

describe(RequestAccountDeletionUseCase.name, () => {
  it('stores the request with the token hashed and publishes a confirmation link valid 24 hours', async () => {
    const { repo, published, clock, request } = setup();

    const answer = await request.execute({ email: ADA, reason: 'Moving on', confirmation: 'DELETE' });

    expect(answer).toEqual({ message: ACCOUNT_DELETION_MESSAGES.REQUEST_RECEIVED });
    const token = lastToken(published);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(repo.requests).toEqual([
      expect.objectContaining({
        buyerId: 'b-ada',
        email: ADA,
        reason: 'Moving on',
        tokenHash: hashDeletionToken(token),
        confirmedAt: null,
      }),
    ]);
    expect(JSON.stringify(repo.requests)).not.toContain(token);
    expect(published).toEqual([
      {
        name: 'account.deletion_confirmation_requested',
        data: {
          email: ADA,
          registered: true,
          name: 'Ada',
          path: `/delete-account/confirm?token=${token}`,
          expiresAt: new Date(clock.current.getTime() + DELETION_LINK_TTL_MS).toISOString(),
        },
      },
    ]);
    // Nothing is deleted or revoked by the request itself.
    expect(repo.buyers[0]!.deletedAt).toBeNull();
    expect(repo.sessions.every((s) => s.revokedAt === null)).toBe(true);
  });

  it('answers an unknown email with the same words, stores nothing and publishes a note without a link', async () => {
    const { repo, published, request } = setup();

    const answer = await request.execute({ email: 'nobody@example.com', confirmation: 'DELETE' });

    expect(answer).toEqual({ message: ACCOUNT_DELETION_MESSAGES.REQUEST_RECEIVED });
    expect(repo.requests).toEqual([]);
    expect(published).toEqual([
      {
        name: 'account.deletion_confirmation_requested',
        data: expect.objectContaining({ email: 'nobody@example.com', registered: false, name: null, path: null }),
      },
    ]);
  });

  it('keeps one open request per account and purges long-expired ones', async () => {
    const { repo, clock, request } = setup();
    repo.buyers.push({ id: 'b-old', name: 'Old', email: 'old@example.com', company: null, deletedAt: null });
    await request.execute({ email: 'old@example.com', confirmation: 'DELETE' });
    await request.execute({ email: ADA, confirmation: 'DELETE' });
    await request.execute({ email: ADA, confirmation: 'DELETE' });
    expect(repo.requests.filter((r) => r.buyerId === 'b-ada')).toHaveLength(1);

    clock.current = new Date(clock.current.getTime() + DELETION_LINK_TTL_MS + EXPIRED_REQUEST_RETENTION_MS + 1);
    await request.execute({ email: ADA, confirmation: 'DELETE' });
    expect(repo.requests.map((r) => r.buyerId)).toEqual(['b-ada']);
  });

  it('sends no second link for a request repeated within a minute, and a new one (replacing the first) after', async () => {
    const { repo, published, clock, request } = setup();
    await request.execute({ email: ADA, confirmation: 'DELETE' });
    const first = lastToken(published);

    clock.current = new Date(clock.current.getTime() + REPEAT_WINDOW_MS - 1);
    expect(await request.execute({ email: ADA, confirmation: 'DELETE' })).toEqual({ message: ACCOUNT_DELETION_MESSAGES.REQUEST_RECEIVED });
    expect(published).toHaveLength(1);
    expect(repo.requests.map((r) => r.tokenHash)).toEqual([hashDeletionToken(first)]);

    clock.current = new Date(clock.current.getTime() + 1);
    await request.execute({ email: ADA, confirmation: 'DELETE' });
    expect(published).toHaveLength(2);
    const second = lastToken(published);
    expect(second).not.toBe(first);
    expect(repo.requests.map((r) => r.tokenHash)).toEqual([hashDeletionToken(second)]);
  });
});

describe(ConfirmAccountDeletionUseCase.name, () => {
  it('erases the buyer, revokes only their sessions, drops their sign-in codes and publishes account.deletion_requested', async () => {
    const { repo, published, clock, trail, request, confirm } = setup();
    await request.execute({ email: ADA, reason: 'Bye', confirmation: 'DELETE' });
    const token = lastToken(published);

    const result = await confirm.execute({ token, from: FROM });

    expect(result).toEqual({ message: ACCOUNT_DELETION_MESSAGES.DELETED, deletedAt: clock.current.toISOString() });
    expect(repo.buyers[0]).toMatchObject({ name: 'Deleted buyer', email: 'deleted-b-ada@deleted.invalid', company: null });
    expect(repo.buyers[0]!.deletedAt).toEqual(clock.current);
    expect(repo.sessions.map((s) => s.revokedAt !== null)).toEqual([true, true, false]);
    expect(repo.signInCodes).toEqual([]);
    expect(repo.requests[0]).toMatchObject({ email: null, confirmedAt: clock.current, reason: 'Bye' });
    // Published events that carried the address, name, codes or links are redacted with the buyer's pre-erasure email.
    expect(repo.redactedEvents).toEqual([{ buyerId: 'b-ada', email: ADA }]);
    expect(published.at(-1)).toEqual({
      name: 'account.deletion_requested',
      data: {
        requestId: repo.requests[0]!.id,
        buyerId: 'b-ada',
        email: ADA,
        requestedAt: clock.current.toISOString(),
        confirmedAt: clock.current.toISOString(),
      },
    });
    // One audit row (ADR 0075) that outlives the personal data: the account by id, the actor never by email.
    expect(trail.rows).toEqual([
      {
        action: 'account.erased',
        target: { type: 'account', id: 'b-ada' },
        companyId: null,
        before: { status: 'active' },
        after: { status: 'erased', sessionsEnded: 2 },
        context: { actor: { type: 'account', id: 'b-ada', label: 'account holder' }, ...FROM },
      },
    ]);
    expect(JSON.stringify(trail.rows)).not.toContain(ADA);
  });

  it.each([
    ['an unknown token', (_token: string) => 'x'.repeat(43), ACCOUNT_DELETION_MESSAGES.LINK_INVALID],
    ['a token just at its expiry', (token: string) => token, ACCOUNT_DELETION_MESSAGES.LINK_EXPIRED],
  ])('refuses %s with an invalid error and changes nothing', async (label, tokenOf, message) => {
    const { repo, published, clock, request, confirm } = setup();
    await request.execute({ email: ADA, confirmation: 'DELETE' });
    const token = tokenOf(lastToken(published));
    if (label.includes('expiry')) clock.current = new Date(clock.current.getTime() + DELETION_LINK_TTL_MS);

    const error = await confirm.execute({ token, from: FROM }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'invalid', message });
    expect(repo.buyers[0]!.deletedAt).toBeNull();
    expect(repo.sessions.every((s) => s.revokedAt === null)).toBe(true);
    expect(published.map((e) => e.name)).not.toContain('account.deletion_requested');
    expect(repo.redactedEvents).toEqual([]);
  });

  it('works once: the same link again is refused as used', async () => {
    const { published, trail, request, confirm } = setup();
    await request.execute({ email: ADA, confirmation: 'DELETE' });
    const token = lastToken(published);
    await confirm.execute({ token, from: FROM });

    await expect(confirm.execute({ token, from: FROM })).rejects.toMatchObject({
      code: 'invalid',
      message: ACCOUNT_DELETION_MESSAGES.LINK_USED,
    });
    expect(published.filter((e) => e.name === 'account.deletion_requested')).toHaveLength(1);
    expect(trail.actions()).toEqual(['account.erased']);
  });

  it('refuses a link replaced by a newer request', async () => {
    const { published, clock, request, confirm } = setup();
    await request.execute({ email: ADA, confirmation: 'DELETE' });
    const first = lastToken(published);
    clock.current = new Date(clock.current.getTime() + REPEAT_WINDOW_MS);
    await request.execute({ email: ADA, confirmation: 'DELETE' });

    await expect(confirm.execute({ token: first, from: FROM })).rejects.toMatchObject({ message: ACCOUNT_DELETION_MESSAGES.LINK_INVALID });
    await expect(confirm.execute({ token: lastToken(published), from: FROM })).resolves.toMatchObject({
      message: ACCOUNT_DELETION_MESSAGES.DELETED,
    });
  });
});
