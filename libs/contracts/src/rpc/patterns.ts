import type { ServiceHealth } from '../api/responses.js';
import type { ServiceName } from '../events/wire.js';
import { NotificationsRpc, type NotificationsRpcMap } from './notifications.rpc.js';
import { OnboardingRpc, type OnboardingRpcMap } from './onboarding.rpc.js';
import { PaymentsRpc, type PaymentsRpcMap } from './payments.rpc.js';
import { RequestsRpc, type RequestsRpcMap } from './requests.rpc.js';
import { CatalogRpc, type CatalogRpcMap } from './catalog.rpc.js';
import { CheckoutRpc, type CheckoutRpcMap } from './checkout.rpc.js';
import { QuoteOrdersRpc, QuotesRpc, type QuotesRpcMap } from './quotes.rpc.js';
import { StatementsRpc, type StatementsRpcMap } from './statements.rpc.js';
import { ProviderContactsRpc, type ProviderContactsRpcMap } from './provider-contacts.rpc.js';
import { PayeeAuthRpc, PayeeDirectoryRpc, type PayeeAuthRpcMap } from './payee-auth.rpc.js';

/** Every RPC pattern by service; each service's patterns live in `<service>.rpc.ts`. */
export const RpcPatterns = {
  onboarding: OnboardingRpc,
  notifications: NotificationsRpc,
  payments: PaymentsRpc,
  requests: RequestsRpc,
  catalog: CatalogRpc,
  checkout: CheckoutRpc,
  quotes: QuotesRpc,
  quoteOrders: QuoteOrdersRpc,
  statements: StatementsRpc,
  providerContacts: ProviderContactsRpc,
  payeeAuth: PayeeAuthRpc,
  payeeDirectory: PayeeDirectoryRpc,
} as const;

/** `<service>.health` answers every service's readiness. */
export function healthPattern(service: ServiceName): `${ServiceName}.health` {
  return `${service}.health`;
}

type HealthRpcMap = { [S in ServiceName as `${S}.health`]: { request: Record<string, never>; response: ServiceHealth } };

/** Request and response type of every RPC pattern, composed from each service's map. */
export interface RpcMap
  extends
    HealthRpcMap,
    OnboardingRpcMap,
    NotificationsRpcMap,
    PaymentsRpcMap,
    CatalogRpcMap,
    RequestsRpcMap,
    CheckoutRpcMap,
    QuotesRpcMap,
    StatementsRpcMap,
    ProviderContactsRpcMap,
    PayeeAuthRpcMap {}

export type RpcPattern = keyof RpcMap;
export type RpcRequest<P extends RpcPattern> = RpcMap[P]['request'];
export type RpcResponse<P extends RpcPattern> = RpcMap[P]['response'];

/** What the gateway actually sends: the request plus metadata carried across the hop. */
export interface RpcEnvelope<T> {
  /** `deadline`: when the caller stops waiting (epoch ms); a request received after it is not executed (ADR 0048). */
  meta: { correlationId: string; deadline?: number };
  data: T;
}
