import { Errors } from '../errors.js';

/** A parsed form body or query string: Stripe's `a[b][c]=v` notation becomes nested objects, `a[0]=v` arrays. */
export type Params = Record<string, unknown>;

/** Refuses parameters the endpoint does not know, as Stripe does; `expand` is accepted everywhere. */
export function allowOnly(params: Params, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (key !== 'expand' && !allowed.includes(key)) throw Errors.unknownParam(key);
  }
}

export function optionalString(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string')
    throw Errors.invalidParam(name, `Invalid string: ${name} must be a string`, 'parameter_invalid_string_empty');
  return value;
}

export function requiredString(params: Params, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined) throw Errors.missingParam(name);
  return value;
}

export function optionalInteger(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw Errors.invalidInteger(name, value);
  return Number(value);
}

export function requiredInteger(params: Params, name: string): number {
  const value = optionalInteger(params, name);
  if (value === undefined) throw Errors.missingParam(name);
  return value;
}

export function optionalBoolean(params: Params, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw Errors.invalidBoolean(name, value);
}

export function optionalObject(params: Params, name: string): Params | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw Errors.invalidParam(name, `Invalid object`, 'parameter_invalid_empty');
  }
  return value as Params;
}

export function optionalStringArray(params: Params, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : [value];
  if (!list.every((v): v is string => typeof v === 'string')) throw Errors.invalidParam(name, 'Invalid array', 'parameter_invalid_empty');
  return list;
}

/** Metadata: string values only; an empty string unsets a key (Stripe's semantics). */
export function metadataParam(params: Params, current: Record<string, string> = {}): Record<string, string> {
  const raw = params.metadata;
  if (raw === undefined) return current;
  if (raw === '') return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw Errors.invalidParam('metadata', 'Invalid hash', 'parameter_invalid_empty');
  }
  const next = { ...current };
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value !== 'string') throw Errors.invalidParam(`metadata[${key}]`, 'Metadata values must be strings.');
    if (key.length > 40) throw Errors.invalidParam(`metadata[${key}]`, 'Metadata keys must be at most 40 characters.');
    if (value.length > 500) throw Errors.invalidParam(`metadata[${key}]`, 'Metadata values must be at most 500 characters.');
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

export function expandParam(params: Params): string[] {
  return optionalStringArray(params, 'expand') ?? [];
}
