// The audit trail of privileged actions (issue 36, ADR 0075). Every service that performs one writes an
// `audit.recorded` event to its outbox in the same transaction as the change (a failed sign-in in a transaction of its
// own); onboarding's audit log appends each event once (inbox), chained by hash, and serves it to /admin and to the
// company's developer console. DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys and are kept
// in the trail's rows.
export const AuditEvents = {
  RECORDED: 'audit.recorded',
} as const;

/** Every audited action, `<target>.<verb>`. */
export const AUDIT_ACTIONS = [
  'admin.created',
  'admin.password_set',
  'admin.signed_in',
  'admin.sign_in_failed',
  'admin.second_factor_enrolled',
  'admin.passkey_added',
  'admin.passkey_removed',
  'admin.recovery_codes_renewed',
  'admin.recovery_code_used',
  'admin.second_factor_reset',
  'session.ended',
  'console.signed_in',
  'console.sign_in_failed',
  'order.refunded',
  'company.approved',
  'company.rejected',
  'provider.approved',
  'provider.rejected',
  'api_key.created',
  'api_key.rolled',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rolled',
  'marketplace.terms_changed',
  'marketplace.payout_account_changed',
  'account.erased',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Who acted. `admin`: an administrator (id = admin id, label = email). `console`: a company's developer console
 * session (id = the company id, label = the contact email). `api_key`: a company's secret key (id = key id,
 * label = "API key <id>", never the secret). `account`: a buyer or payee acting on their own account (id = account
 * id, label = "account holder": never the email, which the trail would outlive after an erasure). `operator`: a
 * person at the host's shell (`npm run admin:create …`; id = the OS user, label = the command). `anonymous`: nobody signed in yet (a failed sign-in: label = the email that was tried). `system`: an
 * automatic decision by PayMarket itself, e.g. a company's API-access application approved or rejected by the risk
 * checks (id = null, label = the rule that decided, "automatic risk check"; ip/userAgent = the request that led to it).
 */
export const AUDIT_ACTOR_TYPES = ['admin', 'console', 'api_key', 'account', 'operator', 'anonymous', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export interface AuditActor {
  type: AuditActorType;
  /** The actor's id in its own service (admin id, session id, API key id, account id), or null when none exists. */
  id: string | null;
  /** What a person reads: an email, a masked key (`sk_test_…a1b2`), a command. */
  label: string;
}

/** Where a privileged request came from, as the gateway saw it (`request.ip`, so TRUST_PROXY decides). */
export interface AuditOrigin {
  ip: string | null;
  /** The raw User-Agent header, capped at 512 characters. */
  userAgent: string | null;
}

/** What the gateway adds to every privileged command so the service can record who asked, and from where. */
export interface AuditContext extends AuditOrigin {
  actor: AuditActor;
}

/** A value in before/after: what changed, never a secret (see auditSafe). */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };
export type AuditState = Record<string, AuditValue>;

export interface AuditRecordedPayload {
  action: AuditAction;
  actor: AuditActor;
  ip: string | null;
  userAgent: string | null;
  /** What was acted on: a kind (`order`, `company`, `api_key`, …) and its id. */
  target: { type: string; id: string };
  /** The company whose trail this also belongs to (its console shows it), or null for platform-only actions. */
  companyId: string | null;
  /** `failed` only for attempts that are themselves worth a row (a sign-in refused). */
  outcome: 'succeeded' | 'failed';
  /** The fields that changed, before and after (null when the target did not exist before, or no longer exists). */
  before: AuditState | null;
  after: AuditState | null;
}

export interface AuditEventMap {
  'audit.recorded': AuditRecordedPayload;
}

/** Field names whose values are secrets: dropped from before/after wherever they appear. */
const SECRET_FIELD = /(secret(?!RolledAt)|password|token|totp|recoveryCode|^code$|^otp$|cookie|authorization|signature|hash)/i;
/** Values that look like credentials whatever their field is called. */
const SECRET_VALUE = /^(sk|rk|whsec|pm_sess|pk_live)_[A-Za-z0-9_]{8,}/;

/**
 * A before/after state with every secret removed: fields named like one are dropped and values that look like a key
 * are replaced by "[redacted]". Producers call it on what they record; onboarding's audit log calls it again before
 * it appends, so a producer's mistake cannot put a secret in the trail.
 */
export function auditSafe(state: Record<string, unknown> | null | undefined): AuditState | null {
  if (state === null || state === undefined) return null;
  const clean = (value: unknown): AuditValue => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') return SECRET_VALUE.test(value) ? '[redacted]' : value;
    if (typeof value === 'number' || typeof value === 'boolean') return value;
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map(clean);
    if (typeof value === 'object') {
      const out: Record<string, AuditValue> = {};
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        if (SECRET_FIELD.test(key)) continue;
        out[key] = clean(inner);
      }
      return out;
    }
    return String(value);
  };
  return clean(state) as AuditState;
}
