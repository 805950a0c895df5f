import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_TYPES,
  auditSafe,
  SERVICE_NAMES,
  type AuditAction,
  type AuditActorType,
  type AuditRecordedPayload,
  type AuditState,
  type AuditValue,
  type EventEnvelope,
} from '@paymarket/contracts';

import type { NewAuditEntry } from './audit-hash.js';

export type { NewAuditEntry };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTIONS = new Set<string>(AUDIT_ACTIONS);
const ACTOR_TYPES = new Set<string>(AUDIT_ACTOR_TYPES);
const PRODUCERS = new Set<string>(SERVICE_NAMES);
/** Ids (actor, target) are short; a longer one is not an id. */
const MAX_ID = 200;
const MAX_TARGET_TYPE = 100;
const MAX_IP = 100;
/** Free text is cut rather than refused: an over-long label or user agent still leaves a row. */
const MAX_LABEL = 500;
const MAX_USER_AGENT = 512;
/** before/after hold the fields that changed: more than this is not an audit record. */
const MAX_STATE_JSON = 64 * 1024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as PostgreSQL keeps it: a NUL (refused by text and jsonb) and a lone surrogate (stored as U+FFFD) become
 * U+FFFD here, so the hash is computed over exactly what the row holds.
 */
export function storableText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '\uFFFD');
}

function storableValue(value: AuditValue): AuditValue {
  if (typeof value === 'string') return storableText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map(storableValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, AuditValue> = {};
    for (const [key, inner] of Object.entries(value)) out[storableText(key)] = storableValue(inner);
    return out;
  }
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** before/after: null, or an object made safe again (auditSafe: a producer's mistake cannot put a secret here). */
function stateOf(value: unknown, field: 'before' | 'after'): AuditState | null | string {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) return `${field} is not an object or null`;
  const safe = auditSafe(value);
  const state = safe === null ? null : (storableValue(safe) as AuditState);
  if (JSON.stringify(state).length > MAX_STATE_JSON) return `${field} is larger than ${MAX_STATE_JSON} characters`;
  return state;
}

function optionalText(value: unknown, max: number, field: string): string | null | { invalid: string } {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value.length > max) return { invalid: `${field} is not text of at most ${max} characters or null` };
  return value === '' ? null : storableText(value);
}

function id(value: unknown, max = MAX_ID): string | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max ? storableText(value) : null;
}

/**
 * The entry `audit.recorded` describes, or why it cannot be appended. Producers build the payload with recordAudit,
 * but an event is input too: an unknown action, a malformed actor or target, a company id that is not one is logged by
 * the caller and not appended (the trail holds only what it can show and verify).
 */
export function auditEntryFromEvent(envelope: Partial<EventEnvelope<'audit.recorded'>> | undefined): NewAuditEntry | string {
  if (!envelope || typeof envelope.id !== 'string' || !UUID.test(envelope.id)) return 'the event id is not a uuid';
  const occurredAt = new Date(typeof envelope.occurredAt === 'string' ? envelope.occurredAt : NaN);
  if (Number.isNaN(occurredAt.getTime()) || occurredAt.getUTCFullYear() < 2000 || occurredAt.getUTCFullYear() > 9999)
    return 'occurredAt is not an ISO instant';
  if (typeof envelope.producer !== 'string' || !PRODUCERS.has(envelope.producer)) return 'producer is not a PayMarket service';
  const p = envelope.data as Partial<Record<keyof AuditRecordedPayload, unknown>> | undefined;
  if (!isRecord(p)) return 'the payload is not an object';
  if (typeof p.action !== 'string' || !ACTIONS.has(p.action)) return `action ${JSON.stringify(p.action)} is not an audited action`;

  const actor = p.actor;
  if (!isRecord(actor) || typeof actor.type !== 'string' || !ACTOR_TYPES.has(actor.type)) return 'actor.type is not an actor type';
  const actorId = actor.id === null || actor.id === undefined ? null : id(actor.id);
  if (actorId === null && actor.id !== null && actor.id !== undefined)
    return `actor.id is not an id of at most ${MAX_ID} characters or null`;
  if (typeof actor.label !== 'string') return 'actor.label is not text';

  const target = p.target;
  if (!isRecord(target)) return 'target is not an object';
  const targetType = id(target.type, MAX_TARGET_TYPE);
  if (targetType === null) return `target.type is not a kind of at most ${MAX_TARGET_TYPE} characters`;
  const targetId = id(target.id);
  if (targetId === null) return `target.id is not an id of at most ${MAX_ID} characters`;

  const companyId = p.companyId ?? null;
  if (companyId !== null && (typeof companyId !== 'string' || !UUID.test(companyId))) return 'companyId is not a uuid or null';
  if (p.outcome !== 'succeeded' && p.outcome !== 'failed') return 'outcome is not succeeded or failed';
  const ip = optionalText(p.ip, MAX_IP, 'ip');
  if (typeof ip === 'object' && ip !== null) return ip.invalid;
  const userAgent = typeof p.userAgent === 'string' ? p.userAgent.slice(0, MAX_USER_AGENT) : p.userAgent;
  const agent = optionalText(userAgent, MAX_USER_AGENT, 'userAgent');
  if (typeof agent === 'object' && agent !== null) return agent.invalid;
  const before = stateOf(p.before, 'before');
  if (typeof before === 'string') return before;
  const after = stateOf(p.after, 'after');
  if (typeof after === 'string') return after;

  return {
    id: envelope.id.toLowerCase(),
    occurredAt,
    producer: envelope.producer,
    action: p.action as AuditAction,
    actorType: actor.type as AuditActorType,
    actorId,
    actorLabel: storableText(actor.label.slice(0, MAX_LABEL)),
    ip,
    userAgent: agent,
    targetType,
    targetId,
    companyId: companyId === null ? null : companyId.toLowerCase(),
    outcome: p.outcome,
    before,
    after,
  };
}
