import type Stripe from 'stripe';
import { Errors } from '../errors.js';
import type { Route } from '../http/context.js';
import { listResponse } from '../http/list.js';
import { allowOnly, metadataParam, optionalObject, optionalString, requiredString } from '../http/params.js';
import { nowSeconds, randomToken, stripeId } from '../ids.js';
import type { EmulatorState } from '../state.js';

export interface DemoAccount {
  id: string;
  businessName: string;
  country: string;
  email: string;
  /** Onboarded: charges, payouts and the transfers capability are active. */
  active: boolean;
}

/**
 * Connected accounts present from the start, with fixed ids so demo data, docs and tests can name them.
 * Real Stripe account ids are `acct_` plus 16 characters; these are longer so they never collide with one.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { id: 'acct_1PMDemoPrintCo00001', businessName: 'Demo Print Co.', country: 'US', email: 'payouts@demoprint.example', active: true },
  { id: 'acct_1PMDemoMapleInk0002', businessName: 'Maple Ink', country: 'CA', email: 'hello@mapleink.example', active: true },
  { id: 'acct_1PMDemoRestricted03', businessName: 'Restricted Prints', country: 'US', email: 'owner@restricted.example', active: false },
  // The payout account of the demo seller Harbour Print Works (catalog seed), so a first start has a payable seller.
  {
    id: 'acct_1PMDemoHarbour00004',
    businessName: 'Harbour Print Works',
    country: 'CA',
    email: 'maya@harbourprint.example.com',
    active: true,
  },
];

const SUPPORTED_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'FR', 'DE', 'IE', 'NL'];
const DEFAULT_CURRENCY: Record<string, string> = { US: 'usd', CA: 'cad', GB: 'gbp', AU: 'aud' };
const ONBOARDING_REQUIREMENTS = ['business_profile.url', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'];

function requirements(active: boolean): Stripe.Account.Requirements {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: active ? [] : [...ONBOARDING_REQUIREMENTS],
    disabled_reason: active ? null : 'requirements.past_due',
    errors: [],
    eventually_due: active ? [] : [...ONBOARDING_REQUIREMENTS],
    past_due: active ? [] : [...ONBOARDING_REQUIREMENTS],
    pending_verification: [],
  };
}

function newAccount(input: {
  id: string;
  type: Stripe.Account.Type;
  country: string;
  email: string | null;
  businessName: string | null;
  metadata: Record<string, string>;
  active: boolean;
}): Stripe.Account {
  return {
    id: input.id,
    object: 'account',
    business_profile: {
      mcc: null,
      minority_owned_business_designation: null,
      name: input.businessName,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
    },
    business_type: null,
    capabilities: { card_payments: input.active ? 'active' : 'inactive', transfers: input.active ? 'active' : 'inactive' },
    charges_enabled: input.active,
    country: input.country,
    created: nowSeconds(),
    default_currency: DEFAULT_CURRENCY[input.country] ?? 'usd',
    details_submitted: input.active,
    email: input.email,
    metadata: input.metadata,
    payouts_enabled: input.active,
    requirements: requirements(input.active),
    type: input.type,
  };
}

export function seedDemoAccounts(state: EmulatorState): void {
  for (const demo of DEMO_ACCOUNTS) {
    state.accounts.set(
      demo.id,
      newAccount({
        id: demo.id,
        type: 'express',
        country: demo.country,
        email: demo.email,
        businessName: demo.businessName,
        metadata: { demo: 'true' },
        active: demo.active,
      }),
    );
  }
}

export function getAccount(state: EmulatorState, id: string, param = 'id'): Stripe.Account {
  const account = state.accounts.get(id);
  if (!account) throw Errors.resourceMissing('account', id, param);
  return account;
}

/** What finishing Stripe-hosted onboarding does: details submitted, charges, payouts and transfers enabled. */
export function completeOnboarding(state: EmulatorState, account: Stripe.Account): void {
  if (account.details_submitted && account.capabilities?.transfers === 'active') return;
  const previous = {
    charges_enabled: account.charges_enabled,
    details_submitted: account.details_submitted,
    payouts_enabled: account.payouts_enabled,
    capabilities: structuredClone(account.capabilities),
  };
  account.details_submitted = true;
  account.charges_enabled = true;
  account.payouts_enabled = true;
  account.capabilities = { ...account.capabilities, card_payments: 'active', transfers: 'active' };
  account.requirements = requirements(true);
  state.emit('account.updated', account, null, previous);
}

export const accountRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/accounts',
    handler: ({ state, params, request }) => {
      allowOnly(params, [
        'type',
        'country',
        'email',
        'business_profile',
        'capabilities',
        'metadata',
        'business_type',
        'controller',
        'default_currency',
      ]);
      const type = optionalString(params, 'type') ?? 'standard';
      if (!['standard', 'express', 'custom'].includes(type)) throw Errors.invalidEnum('type', type, ['custom', 'express', 'standard']);
      const country = (optionalString(params, 'country') ?? 'US').toUpperCase();
      if (!SUPPORTED_COUNTRIES.includes(country)) {
        throw Errors.invalidParam(
          'country',
          `Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`,
          'country_unsupported',
        );
      }
      const profile = optionalObject(params, 'business_profile');
      const account = newAccount({
        id: stripeId('acct'),
        type: type as Stripe.Account.Type,
        country,
        email: optionalString(params, 'email') ?? null,
        businessName: profile && typeof profile.name === 'string' && profile.name !== '' ? profile.name : null,
        metadata: metadataParam(params),
        active: false,
      });
      state.accounts.set(account.id, account);
      state.emit('account.updated', account, request);
      return account;
    },
  },
  {
    method: 'GET',
    path: '/v1/accounts',
    handler: ({ state, params }) => {
      allowOnly(params, ['limit', 'starting_after', 'ending_before', 'created']);
      return listResponse(state.accounts.values(), params, '/v1/accounts');
    },
  },
  {
    method: 'GET',
    path: '/v1/accounts/:id',
    handler: ({ state, path }) => getAccount(state, path.id),
  },
  {
    method: 'POST',
    path: '/v1/accounts/:id',
    handler: ({ state, params, path, request }) => {
      allowOnly(params, ['email', 'business_profile', 'metadata']);
      const account = getAccount(state, path.id);
      const previous: Record<string, unknown> = {};
      const email = optionalString(params, 'email');
      if (email !== undefined) {
        previous.email = account.email;
        account.email = email;
      }
      const profile = optionalObject(params, 'business_profile');
      if (profile && typeof profile.name === 'string' && account.business_profile) {
        previous.business_profile = { name: account.business_profile.name };
        account.business_profile.name = profile.name === '' ? null : profile.name;
      }
      if (params.metadata !== undefined) {
        previous.metadata = account.metadata;
        account.metadata = metadataParam(params, account.metadata ?? {});
      }
      state.emit('account.updated', account, request, previous);
      return account;
    },
  },
  {
    method: 'POST',
    path: '/v1/account_links',
    handler: ({ state, params, baseUrl }) => {
      allowOnly(params, ['account', 'type', 'refresh_url', 'return_url', 'collect', 'collection_options']);
      const accountId = requiredString(params, 'account');
      const type = requiredString(params, 'type');
      if (!['account_onboarding', 'account_update'].includes(type)) {
        throw Errors.invalidEnum('type', type, ['account_onboarding', 'account_update']);
      }
      const refreshUrl = requiredString(params, 'refresh_url');
      const returnUrl = requiredString(params, 'return_url');
      for (const [name, value] of [
        ['refresh_url', refreshUrl],
        ['return_url', returnUrl],
      ] as const) {
        if (!/^https?:\/\//.test(value)) throw Errors.invalidParam(name, `Not a valid URL`, 'url_invalid');
      }
      getAccount(state, accountId, 'account');
      const created = nowSeconds();
      const token = randomToken(24);
      // Stripe's links are short-lived and single-use; an expired one sends the user to refresh_url.
      state.accountLinks.set(token, { token, account: accountId, refreshUrl, returnUrl, expiresAt: created + 300, used: false });
      const link: Stripe.AccountLink = {
        object: 'account_link',
        created,
        expires_at: created + 300,
        url: `${baseUrl}/emulator/connect/onboarding/${token}`,
      };
      return link;
    },
  },
];
