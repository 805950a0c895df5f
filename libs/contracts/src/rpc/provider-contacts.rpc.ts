// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: routing key bound to the catalog queue.
export const ProviderContactsRpc = {
  GET_PROVIDER_CONTACT: 'catalog.get_provider_contact',
} as const;

/** Whom to tell about an approved print provider's money (ADR 0045: dispute emails). Not routed by the gateway. */
export interface ProviderContact {
  name: string;
  email: string | null;
}

export interface ProviderContactsRpcMap {
  'catalog.get_provider_contact': { request: { stripeAccountId: string }; response: ProviderContact };
}
