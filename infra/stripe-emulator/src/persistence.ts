import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { EmulatorState } from './state.js';

const MAPS = [
  'accounts',
  'accountLinks',
  'paymentMethods',
  'paymentIntents',
  'charges',
  'refunds',
  'transfers',
  'disputes',
  'events',
] as const;

/**
 * Keeps the emulated Stripe account on disk (embedded mode), so a restart of the product does not forget the
 * PaymentIntents, transfers and idempotency keys its database refers to. Saves are coalesced and atomic (write a
 * temporary file, then rename).
 */
export class StateFile {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly path: string,
    private readonly state: EmulatorState,
    private readonly idempotency: Map<string, unknown>,
  ) {}

  load(): boolean {
    if (!existsSync(this.path)) return false;
    const saved = JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, Array<[string, unknown]>>;
    for (const name of MAPS) {
      const map = this.state[name] as Map<string, unknown>;
      map.clear();
      for (const [key, value] of saved[name] ?? []) map.set(key, value);
    }
    this.idempotency.clear();
    for (const [key, value] of saved.idempotency ?? []) this.idempotency.set(key, value);
    return true;
  }

  scheduleSave(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.saveNow(), 50);
    this.timer.unref();
  }

  saveNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const snapshot: Record<string, Array<[string, unknown]>> = { idempotency: [...this.idempotency.entries()] };
    for (const name of MAPS) snapshot[name] = [...(this.state[name] as Map<string, unknown>).entries()];
    writeFileSync(`${this.path}.tmp`, JSON.stringify(snapshot));
    renameSync(`${this.path}.tmp`, this.path);
  }
}
