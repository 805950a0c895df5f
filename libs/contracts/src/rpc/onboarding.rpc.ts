import type { ApiKeyList, ApiKeyView, CreateApiKeyDto, CreatedApiKey, RollApiKeyDto } from '../dtos/developer-console/api-keys.dto.js';
import type {
  ConsoleCompany,
  ConsoleSignInCodeDto,
  ConsoleSignInCodeResponse,
  ConsoleSignInVerifyDto,
} from '../dtos/developer-console/console.dto.js';
import type { RegisterBuyerDto } from '../dtos/register-buyer.dto.js';
import type {
  AccountDeletionConfirmed,
  AccountDeletionRequested,
  ConfirmAccountDeletionDto,
  RequestAccountDeletionDto,
} from '../dtos/account-deletion.dto.js';
import type { SetupMarketplaceDto, SetupMarketplaceResponse } from '../dtos/marketplaces/setup-marketplace.dto.js';
import type {
  AttachMarketplaceDto,
  EmbedMarketplace,
  MarketplaceConsoleResponse,
  MarketplaceView,
  UpdateMarketplaceDto,
} from '../dtos/marketplaces/marketplace-tenant.dto.js';
import type { RegisterBuyerResponse } from '../api/responses.js';
import type {
  AccountSessionList,
  AdminPasskeyView,
  EndableSessionKind,
  EndedSessions,
  AdminSecondFactorEnrolled,
  AdminSecondFactorStatus,
  AdminSessionResponse,
  BuyerSessionResponse,
  PendingSecondFactor,
  TotpEnrolment,
  SignInCodeRequested,
  SignedInBuyer,
  StartedSession,
} from '../dtos/auth.dto.js';
import type {
  AdminCompaniesResponse,
  ApiAccessResponse,
  ApiAccountResponse,
  ApproveCompanyResponse,
  RequestApiAccessDto,
  RevealCredentialsResponse,
} from '../dtos/api-access/api-access.dto.js';
import type { AuditPage, AuditQuery } from '../dtos/audit/audit.dto.js';
import type { AuditContext, AuditOrigin } from '../events/audit.events.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys bound to service queues.
export const OnboardingRpc = {
  REGISTER_BUYER: 'onboarding.register_buyer',
  REQUEST_SIGN_IN_CODE: 'onboarding.request_sign_in_code',
  VERIFY_SIGN_IN_CODE: 'onboarding.verify_sign_in_code',
  RESOLVE_BUYER_SESSION: 'onboarding.resolve_buyer_session',
  END_BUYER_SESSION: 'onboarding.end_buyer_session',
  ADMIN_LOGIN: 'onboarding.admin_login',
  RESOLVE_ADMIN_SESSION: 'onboarding.resolve_admin_session',
  END_ADMIN_SESSION: 'onboarding.end_admin_session',
  // The administrator's second factor (ADR 0072).
  ADMIN_FACTOR_STATUS: 'onboarding.admin_factor_status',
  ADMIN_TOTP_BEGIN: 'onboarding.admin_totp_begin',
  ADMIN_TOTP_CONFIRM: 'onboarding.admin_totp_confirm',
  ADMIN_VERIFY_TOTP: 'onboarding.admin_verify_totp',
  ADMIN_VERIFY_RECOVERY_CODE: 'onboarding.admin_verify_recovery_code',
  ADMIN_RENEW_RECOVERY_CODES: 'onboarding.admin_renew_recovery_codes',
  ADMIN_PASSKEY_REGISTRATION_OPTIONS: 'onboarding.admin_passkey_registration_options',
  ADMIN_PASSKEY_REGISTER: 'onboarding.admin_passkey_register',
  ADMIN_PASSKEY_AUTHENTICATION_OPTIONS: 'onboarding.admin_passkey_authentication_options',
  ADMIN_VERIFY_PASSKEY: 'onboarding.admin_verify_passkey',
  ADMIN_PASSKEY_REMOVE: 'onboarding.admin_passkey_remove',
  // Sessions that can be ended (ADR 0074).
  LIST_SESSIONS: 'onboarding.list_sessions',
  END_SESSION: 'onboarding.end_session',
  END_OTHER_SESSIONS: 'onboarding.end_other_sessions',
  SETUP_MARKETPLACE: 'onboarding.setup_marketplace',
  REQUEST_API_ACCESS: 'onboarding.request_api_access',
  LIST_COMPANIES: 'onboarding.list_companies',
  APPROVE_COMPANY: 'onboarding.approve_company',
  REVEAL_COMPANY_CREDENTIALS: 'onboarding.reveal_company_credentials',
  AUTHENTICATE_API_KEY: 'onboarding.authenticate_api_key',
  REQUEST_ACCOUNT_DELETION: 'onboarding.request_account_deletion',
  CONFIRM_ACCOUNT_DELETION: 'onboarding.confirm_account_deletion',
  GET_COMPANY_CONTACT: 'onboarding.get_company_contact',
  LIST_API_KEYS: 'onboarding.list_api_keys',
  CREATE_API_KEY: 'onboarding.create_api_key',
  ROLL_API_KEY: 'onboarding.roll_api_key',
  REVOKE_API_KEY: 'onboarding.revoke_api_key',
  REQUEST_CONSOLE_CODE: 'onboarding.request_console_code',
  VERIFY_CONSOLE_CODE: 'onboarding.verify_console_code',
  RESOLVE_CONSOLE_SESSION: 'onboarding.resolve_console_session',
  END_CONSOLE_SESSION: 'onboarding.end_console_session',
  // White-label tenants (ADR 0051).
  GET_COMPANY_MARKETPLACE: 'onboarding.get_company_marketplace',
  ATTACH_MARKETPLACE: 'onboarding.attach_marketplace',
  UPDATE_MARKETPLACE: 'onboarding.update_marketplace',
  EMBED_MARKETPLACE: 'onboarding.embed_marketplace',
  // The audit trail (ADR 0075): an administrator reads all of it; a company's console reads its own rows.
  LIST_AUDIT: 'onboarding.list_audit',
} as const;

export interface OnboardingRpcMap {
  /**
   * `scope`: `{kind: 'admin'}` (every row) or `{kind: 'company', companyId}` (rows whose companyId is that company).
   * The gateway sets the scope from the session it verified, never from the query. Invalid filters answer
   * `validation_failed` naming the field.
   */
  'onboarding.list_audit': {
    request: { scope: { kind: 'admin' } | { kind: 'company'; companyId: string }; query: AuditQuery };
    response: AuditPage;
  };
  /** Registration signs the buyer in: `session` goes into the `pm_session` cookie and never into the HTTP answer. */
  'onboarding.register_buyer': { request: RegisterBuyerDto; response: RegisterBuyerResponse & { session: StartedSession } };
  'onboarding.request_sign_in_code': { request: { email: string }; response: SignInCodeRequested };
  /** `previousToken`: the caller's current session, revoked when the new one starts (rotation). */
  'onboarding.verify_sign_in_code': {
    request: { email: string; code: string; previousToken?: string };
    response: StartedSession & { buyer: SignedInBuyer };
  };
  /** Answers `unauthorized` for a missing, unknown, expired or revoked session; slides the idle expiry. */
  'onboarding.resolve_buyer_session': { request: { token: string }; response: BuyerSessionResponse };
  'onboarding.end_buyer_session': { request: { token: string }; response: { ended: boolean } };
  /** `ip` feeds the per-IP failure throttle; answers `rate_limited` with retryAfterSeconds when throttled. */
  /**
   * The session it starts waits for the second factor (ADR 0072): no admin route accepts it yet. `audit` (ADR 0075):
   * where the request came from; a refused password is recorded (nobody is signed in, so onboarding names the actor).
   */
  'onboarding.admin_login': {
    request: { email: string; password: string; ip: string; previousToken?: string; userAgent?: string; audit: AuditOrigin };
    response: StartedSession & { secondFactor: PendingSecondFactor };
  };
  /**
   * `unauthorized` for a missing, unknown, expired or revoked session, and for one still waiting for its second
   * factor unless `allowPending` (then `secondFactor` says so, and the caller must refuse it).
   */
  'onboarding.resolve_admin_session': {
    request: { token: string; allowPending?: boolean };
    response: AdminSessionResponse & { secondFactor: 'verified' | PendingSecondFactor };
  };
  'onboarding.end_admin_session': { request: { token: string }; response: { ended: boolean } };
  // The second factor (ADR 0072). `token`: the caller's admin session. Steps that finish a sign-in answer a new,
  // fully signed-in session (the half-signed-in one is revoked); changes need a fully signed-in session. `audit` (ADR
  // 0075): an AuditOrigin where the gateway cannot know the administrator yet (onboarding takes them from the session),
  // an AuditContext on the routes behind @Admin().
  'onboarding.admin_factor_status': { request: { token: string }; response: AdminSecondFactorStatus };
  /** While enrolling (no factor yet) or fully signed in (a new secret replaces the old one once confirmed). */
  'onboarding.admin_totp_begin': { request: { token: string }; response: TotpEnrolment };
  'onboarding.admin_totp_confirm': {
    request: { token: string; code: string; ip: string; audit: AuditOrigin };
    response: StartedSession & AdminSecondFactorEnrolled;
  };
  /** `rate_limited` after too many wrong codes per account or per IP. */
  'onboarding.admin_verify_totp': {
    request: { token: string; code: string; ip: string; audit: AuditOrigin };
    response: StartedSession & AdminSessionResponse;
  };
  'onboarding.admin_verify_recovery_code': {
    request: { token: string; recoveryCode: string; ip: string; audit: AuditOrigin };
    response: StartedSession & AdminSessionResponse & { recoveryCodesLeft: number };
  };
  'onboarding.admin_renew_recovery_codes': { request: { token: string; audit: AuditContext }; response: { recoveryCodes: string[] } };
  /** `rpId` and `origin` come from the gateway's PUBLIC_URL. */
  'onboarding.admin_passkey_registration_options': {
    request: { token: string; rpId: string };
    response: { options: Record<string, unknown> };
  };
  /** During enrolment the passkey is the first factor: the answer then carries a new session and recovery codes. */
  'onboarding.admin_passkey_register': {
    request: { token: string; response: Record<string, unknown>; rpId: string; origin: string; audit: AuditOrigin };
    response: { passkey: AdminPasskeyView; enrolled?: StartedSession & AdminSecondFactorEnrolled };
  };
  'onboarding.admin_passkey_authentication_options': {
    request: { token: string; rpId: string };
    response: { options: Record<string, unknown> };
  };
  'onboarding.admin_verify_passkey': {
    request: { token: string; response: Record<string, unknown>; rpId: string; origin: string; ip: string; audit: AuditOrigin };
    response: StartedSession & AdminSessionResponse;
  };
  'onboarding.admin_passkey_remove': { request: { token: string; id: string; audit: AuditContext }; response: AdminSecondFactorStatus };
  // Sessions that can be ended (ADR 0074). `token`: the caller's session of `kind`, which alone decides whose sessions
  // these are (an admin's must be fully signed in); `unauthorized` otherwise.
  'onboarding.list_sessions': { request: { kind: EndableSessionKind; token: string }; response: AccountSessionList };
  /**
   * `not_found` for an id that is not one of the caller's live sessions (another's reads the same as an unknown one).
   * Each call that ends something is a `session.ended` row of the audit trail (ADR 0075).
   */
  'onboarding.end_session': {
    request: { kind: EndableSessionKind; token: string; id: string; audit: AuditContext };
    response: EndedSessions;
  };
  'onboarding.end_other_sessions': { request: { kind: EndableSessionKind; token: string; audit: AuditContext }; response: EndedSessions };
  'onboarding.setup_marketplace': { request: SetupMarketplaceDto; response: SetupMarketplaceResponse };
  /**
   * Runs the risk checks and answers the outcome; credentials only when approved at once (shown this one time).
   * `audit` (ADR 0075): where the application came from; an automatic approval or rejection is a row of the audit
   * trail whose actor is the system (nobody is signed in), a pending review none.
   */
  'onboarding.request_api_access': { request: RequestApiAccessDto & { audit: AuditOrigin }; response: ApiAccessResponse };
  'onboarding.list_companies': { request: Record<string, never>; response: AdminCompaniesResponse };
  /** Only pending or flagged companies: `not_found` for an unknown id, `conflict` once approved or rejected. */
  'onboarding.approve_company': {
    request: { companyId: string; notes: string | null; approvedBy: string; audit: AuditContext };
    response: ApproveCompanyResponse;
  };
  /** Redeems the one-time link of an admin-approved company: issues the credentials and answers them once. */
  'onboarding.reveal_company_credentials': { request: { companyId: string; token: string }; response: RevealCredentialsResponse };
  /** `unauthorized` unless the secret key belongs to a company with API access. */
  'onboarding.authenticate_api_key': { request: { secretKey: string }; response: ApiAccountResponse };
  /** Same answer whether or not the email has an account; emails a confirmation link to the owner (ADR 0029). */
  'onboarding.request_account_deletion': { request: RequestAccountDeletionDto; response: AccountDeletionRequested };
  /**
   * `invalid` for an unknown, used or expired token; otherwise erases the buyer and revokes every session. `audit`:
   * where the link was followed from (onboarding names the actor: the account holder, by account id).
   */
  'onboarding.confirm_account_deletion': {
    request: ConfirmAccountDeletionDto & { audit: AuditOrigin };
    response: AccountDeletionConfirmed;
  };
  /** Internal: who to email about a company's integration (e.g. an endpoint disabled after failing for days). */
  'onboarding.get_company_contact': { request: { companyId: string }; response: { name: string; email: string; contactName: string } };
  /** API keys of the caller's company (ADR 0037); `not_found` for another company's key. */
  'onboarding.list_api_keys': { request: { companyId: string }; response: ApiKeyList };
  /** `idempotencyKey`, the caller's Idempotency-Key header: one key made per Idempotency-Key in the company (ADR 0050). */
  'onboarding.create_api_key': {
    request: CreateApiKeyDto & { companyId: string; idempotencyKey?: string; audit: AuditContext };
    response: CreatedApiKey;
  };
  /**
   * `idempotencyKey`, the caller's Idempotency-Key header: one roll per Idempotency-Key of the key in the company; a
   * repeat is refused (409) naming the new key, whose secret is shown once (ADR 0050).
   */
  'onboarding.roll_api_key': {
    request: RollApiKeyDto & { companyId: string; id: string; idempotencyKey?: string; audit: AuditContext };
    response: CreatedApiKey;
  };
  'onboarding.revoke_api_key': { request: { companyId: string; id: string; audit: AuditContext }; response: ApiKeyView };
  /** The developer console's sign-in: the same answer whatever the address. */
  'onboarding.request_console_code': { request: ConsoleSignInCodeDto; response: ConsoleSignInCodeResponse };
  'onboarding.verify_console_code': {
    request: ConsoleSignInVerifyDto & { previousToken?: string; ip?: string; userAgent?: string };
    response: StartedSession & { company: ConsoleCompany };
  };
  /** `unauthorized` for a missing, unknown, expired or revoked console session. */
  'onboarding.resolve_console_session': { request: { token: string }; response: { company: ConsoleCompany } };
  'onboarding.end_console_session': { request: { token: string }; response: { ended: boolean } };
  /** The company's marketplace, or the unattached ones registered with its contact email (to attach). */
  'onboarding.get_company_marketplace': { request: { companyId: string }; response: MarketplaceConsoleResponse };
  /** `not_found` unless registered with the company's contact email; `conflict` if either side is already attached. */
  'onboarding.attach_marketplace': {
    request: AttachMarketplaceDto & { companyId: string; idempotencyKey?: string };
    response: MarketplaceView;
  };
  /**
   * `not_found` without a marketplace; a payout account is checked with payments (`payments.verify_connected_account`).
   * A change of the fee terms or of the payout account is a row of the audit trail each (ADR 0075).
   */
  'onboarding.update_marketplace': {
    request: { companyId: string; idempotencyKey?: string; body: UpdateMarketplaceDto; audit: AuditContext };
    response: MarketplaceView;
  };
  /** The marketplace that owns `domain` (any of its domains), or null. */
  'onboarding.embed_marketplace': { request: { domain: string }; response: EmbedMarketplace | null };
}
