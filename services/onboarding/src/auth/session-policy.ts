/** Lifetimes of sessions (ADR: sessions). Idle expiry slides on use; absolute expiry never moves. */
export const SESSION_POLICY = {
  buyer: { idleMs: 24 * 60 * 60_000, absoluteMs: 7 * 24 * 60 * 60_000 },
  admin: { idleMs: 30 * 60_000, absoluteMs: 8 * 60 * 60_000 },
  /** The developer console (ADR 0037): it manages keys and secrets, so it lives like an admin session. */
  console: { idleMs: 60 * 60_000, absoluteMs: 12 * 60 * 60_000 },
  /** Sellers and print providers on their dashboards (ADR 0047): the subject is the email; lives like a buyer's. */
  payee: { idleMs: 24 * 60 * 60_000, absoluteMs: 7 * 24 * 60 * 60_000 },
} as const;

export type SessionKind = keyof typeof SESSION_POLICY;

/** The idle expiry is written at most this often, so reads do not turn every request into a write. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
