/**
 * Answers from another system that may be reused for a short while (ADR 0048): a connected account that Stripe
 * just said can receive transfers, the name of a print provider. Only the answers given are kept, each until its
 * time is up; nothing is kept for a refusal, so an account that becomes able to receive is seen at once.
 */
export class RecentAnswers<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    // Bounded: the oldest entry (Map keeps insertion order) makes room.
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
  }
}

/** How long "this account can receive transfers" is trusted without asking Stripe again. */
export const ACCOUNT_CHECK_TTL_MS = 30_000;
/** How long a print provider's name is reused for new orders. */
export const PROVIDER_NAME_TTL_MS = 60_000;
