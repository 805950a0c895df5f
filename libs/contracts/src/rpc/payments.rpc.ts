// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys bound to service queues.
export const PaymentsRpc = {
  VERIFY_CONNECTED_ACCOUNT: 'payments.verify_connected_account',
} as const;

/** Spec §3 "Connected-account validation": asks Stripe whether a Connect account exists and can receive transfers. */
export interface VerifyConnectedAccountRequest {
  stripeAccountId: string;
}

/** Spec §3 response shape; `error` is the text the provider application shows when `valid` is false. */
export interface VerifyConnectedAccountResponse {
  valid: boolean;
  message: string;
  error?: string;
  accountInfo?: { businessName: string | null; country: string };
}

export interface PaymentsRpcMap {
  'payments.verify_connected_account': { request: VerifyConnectedAccountRequest; response: VerifyConnectedAccountResponse };
}
