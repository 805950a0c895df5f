import { RateLimiter, resultOf, type RateLimitResult, type RateLimitRule } from './rate-limiter.js';

interface Window {
  count: number;
  resetAt: number;
}

/** In-process counters: right for one process (embedded mode); replicas would each count alone. */
export class MemoryRateLimiter extends RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    super();
    // Expired windows are dropped once a minute so a flood of distinct keys cannot grow the map for ever.
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return resultOf(window.count, rule, window.resetAt - now);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
