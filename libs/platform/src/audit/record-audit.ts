import {
  AUDIT_ACTOR_TYPES,
  auditSafe,
  type AuditAction,
  type AuditActorType,
  type AuditContext,
  type AuditRecordedPayload,
  type ServiceName,
} from '@paymarket/contracts';
import type { EntityManager } from 'typeorm';
import { ServiceError } from '../errors/service-error.js';
import { writeToOutbox, type Transaction } from '../outbox/unit-of-work.js';

/** What a privileged action records (ADR 0075), besides who and from where (the gateway's AuditContext). */
export interface AuditFact {
  action: AuditAction;
  target: { type: string; id: string };
  /** The company whose console also shows the row; null for platform-only actions. */
  companyId: string | null;
  outcome?: 'succeeded' | 'failed';
  /** What changed: only the fields that matter to a reader; secrets are removed here whatever their name (auditSafe). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records a privileged action in the transaction of `manager`: an `audit.recorded` event in the producer's outbox,
 * committed with the change it describes (or not at all), which onboarding's audit log appends once. Returns the
 * event's id, which is the audit row's id. `manager` may also be a UnitOfWork's Transaction (its `publish` writes to
 * the same outbox in the same transaction, and test fakes of it see the event).
 */
export async function recordAudit(
  manager: EntityManager | Transaction,
  producer: ServiceName,
  context: AuditContext,
  fact: AuditFact,
): Promise<string> {
  const payload: AuditRecordedPayload = {
    action: fact.action,
    actor: context.actor,
    ip: context.ip ?? null,
    userAgent: context.userAgent ?? null,
    target: fact.target,
    companyId: fact.companyId,
    outcome: fact.outcome ?? 'succeeded',
    before: auditSafe(fact.before),
    after: auditSafe(fact.after),
  };
  if (isTransaction(manager)) return (await manager.publish('audit.recorded', payload)).id;
  const envelope = await writeToOutbox(manager, producer, 'audit.recorded', payload);
  return envelope.id;
}

function isTransaction(value: EntityManager | Transaction): value is Transaction {
  return typeof (value as Partial<Transaction>).publish === 'function' && 'manager' in value;
}

const AUDIT_REQUIRED = 'audit is required: who asked and from where (actor {type, id, label}, ip, userAgent)';

/**
 * The `audit` a privileged command carries (ADR 0075), checked where it arrives: the gateway always sends one, so a
 * missing or malformed one is a caller's mistake, refused (`invalid`, naming the field) rather than a 500 later.
 */
export function requireAuditContext(value: unknown): AuditContext {
  const refuse = (): never => {
    throw ServiceError.invalid(AUDIT_REQUIRED, { audit: [AUDIT_REQUIRED] });
  };
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const stringOrNull = (v: unknown): string | null | false => (v === undefined || v === null ? null : typeof v === 'string' ? v : false);
  if (!isObject(value) || !isObject(value.actor)) return refuse();
  const { type, id, label } = value.actor;
  const [actorId, ip, userAgent] = [stringOrNull(id), stringOrNull(value.ip), stringOrNull(value.userAgent)];
  if (!AUDIT_ACTOR_TYPES.includes(type as AuditActorType) || typeof label !== 'string') return refuse();
  if (actorId === false || ip === false || userAgent === false) return refuse();
  return { actor: { type: type as AuditActorType, id: actorId, label }, ip, userAgent };
}

/** The context of an action nobody took through the gateway: the host's shell (`npm run admin:create …`). */
export function operatorContext(command: string): AuditContext {
  const user = process.env.SUDO_USER || process.env.USER || process.env.LOGNAME || null;
  return { actor: { type: 'operator', id: user, label: command }, ip: null, userAgent: null };
}
