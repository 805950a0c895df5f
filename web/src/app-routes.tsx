import type { ComponentType } from 'react';
import { matchRoutes, redirect, type RouteObject } from 'react-router-dom';
import { AppLayout } from '@/components/app-layout';

/**
 * A route's page, code-split with react-router's route-level `lazy`: the router loads the module before it renders the
 * route (a navigation keeps the current page on screen meanwhile). Page modules export their component by name (the
 * codebase has no default exports).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): NonNullable<RouteObject['lazy']> {
  return async () => ({ Component: (await load())[name] });
}

/** Every route of the app, for the browser's data router (boot.tsx) and the build's static render (prerender.tsx). */
export const ROUTES: RouteObject[] = [
  // The embed widget's iframe (ADR 0052): inside a marketplace's page, so without PayMarket's bar and footer.
  { path: 'embed/checkout', lazy: page(() => import('@/pages/embed/checkout'), 'EmbedCheckoutPage') },
  {
    element: <AppLayout />,
    children: [
      { index: true, lazy: page(() => import('@/pages/home'), 'HomePage') },
      { path: 'payment', lazy: page(() => import('@/pages/payment'), 'PaymentPage') },
      { path: 'payment-success', lazy: page(() => import('@/pages/payment-success'), 'PaymentSuccessPage') },
      { path: 'orders', lazy: page(() => import('@/pages/orders'), 'OrdersPage') },
      { path: 'providers', lazy: page(() => import('@/pages/providers'), 'ProvidersPage') },
      { path: 'join', lazy: page(() => import('@/pages/join'), 'JoinPage') },
      { path: 'sign-in', lazy: page(() => import('@/pages/sign-in'), 'SignInPage') },
      { path: 'seller-registration', lazy: page(() => import('@/pages/seller-registration'), 'SellerRegistrationPage') },
      { path: 'sellers', lazy: page(() => import('@/pages/sellers'), 'SellersPage') },
      { path: 'sellers/edit/:id', lazy: page(() => import('@/pages/seller-edit'), 'SellerEditPage') },
      // The seller edit screen links to and returns to /sellers-showcase; the directory itself lives at /sellers.
      // A loader's redirect: the gateway answers it as an HTTP redirect (ADR 0065), the browser's router on a navigation.
      { path: 'sellers-showcase', loader: () => redirect('/sellers'), HydrateFallback: () => null },
      { path: 'buyer-requests', lazy: page(() => import('@/pages/buyer-requests'), 'BuyerRequestsPage') },
      { path: 'buyer-requests/:id/quotes', lazy: page(() => import('@/pages/requests/request-quotes'), 'RequestQuotesPage') },
      { path: 'dashboard', lazy: page(() => import('@/pages/dashboard/dashboard'), 'DashboardPage') },
      { path: 'dashboard/seller/:id', lazy: page(() => import('@/pages/dashboard/seller-dashboard'), 'SellerDashboardPage') },
      { path: 'dashboard/provider/:id', lazy: page(() => import('@/pages/dashboard/provider-dashboard'), 'ProviderDashboardPage') },
      { path: 'direct-payment', lazy: page(() => import('@/pages/direct-payment'), 'DirectPaymentPage') },
      { path: 'integrate', lazy: page(() => import('@/pages/integrate'), 'IntegratePage') },
      { path: 'marketplace-setup', lazy: page(() => import('@/pages/marketplace-setup'), 'MarketplaceSetupPage') },
      { path: 'api-access', lazy: page(() => import('@/pages/api-access'), 'ApiAccessPage') },
      { path: 'developers', lazy: page(() => import('@/pages/developers/developers'), 'DevelopersPage') },
      { path: 'admin', lazy: page(() => import('@/pages/admin'), 'AdminPage') },
      { path: 'privacy', lazy: page(() => import('@/pages/privacy'), 'PrivacyPage') },
      { path: 'delete-account', lazy: page(() => import('@/pages/delete-account'), 'DeleteAccountPage') },
      { path: 'delete-account/confirm', lazy: page(() => import('@/pages/delete-account-confirm'), 'DeleteAccountConfirmPage') },
      { path: 'provider-signup', lazy: page(() => import('@/pages/provider-signup'), 'ProviderSignupPage') },
      // Always registered: the gateway answers 404 for the mailbox API in production and the page says so.
      { path: 'dev/mailbox', lazy: page(() => import('@/pages/dev-mailbox'), 'DevMailboxPage') },
      { path: '*', lazy: page(() => import('@/pages/not-found'), 'NotFoundPage') },
    ],
  },
];

/**
 * The pages whose first viewport the build renders into their HTML (prerender.tsx, ADR 0044, P5). Only pages whose
 * first render needs no data (every query pending, signed out) belong here.
 */
// A form control in a prerendered view sits in a HydratedFieldset: disabled until hydration, so no input is lost.
export const PRERENDERED_PATHS: readonly string[] = ['/', '/sellers', '/buyer-requests', '/payment'];

/**
 * Loads the code of the routes matching `pathname` and puts it on those routes, as react-router's guide to lazy routes
 * with server rendering does before hydrating: the router then starts initialized and renders the page at once, so
 * the first render is the markup the server sent (and a page without markup shows no empty frame first).
 */
export async function loadRoutesAt(pathname: string, routes: RouteObject[] = ROUTES): Promise<void> {
  const lazy = (matchRoutes(routes, pathname) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}
