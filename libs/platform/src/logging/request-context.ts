import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface RequestContext {
  correlationId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The correlation id of the HTTP request, RPC or event being handled; a fresh one outside any. */
export function currentCorrelationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}

export function hasCorrelationId(): boolean {
  return storage.getStore() !== undefined;
}

export function runWithCorrelationId<T>(correlationId: string, fn: () => T): T {
  return storage.run({ correlationId }, fn);
}

const SAFE_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** Accepts a caller's id only when it is plainly an id (no log injection); otherwise makes one. */
export function acceptCorrelationId(candidate: unknown): string {
  return typeof candidate === 'string' && SAFE_ID.test(candidate) ? candidate : randomUUID();
}
