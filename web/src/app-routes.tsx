import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Navigate, Route, Routes } from '@/lib/router';
import { AppLayout } from '@/components/app-layout';

/** A code-split page; `preload()` loads its code, after which it renders without suspending. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/** Code-splits a page module that exports its component by name (the codebase has no default exports). */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  let Loaded: ComponentType | undefined;
  const preload = async () => {
    Loaded ??= (await load())[name];
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  // Once loaded, the page renders in place of the lazy wrapper: neither adds markup, so hydration sees the same tree.
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Page, { preload });
}

const HomePage = lazyPage(() => import('@/pages/home'), 'HomePage');
const PaymentPage = lazyPage(() => import('@/pages/payment'), 'PaymentPage');
const PaymentSuccessPage = lazyPage(() => import('@/pages/payment-success'), 'PaymentSuccessPage');
const OrdersPage = lazyPage(() => import('@/pages/orders'), 'OrdersPage');
const ProvidersPage = lazyPage(() => import('@/pages/providers'), 'ProvidersPage');
const JoinPage = lazyPage(() => import('@/pages/join'), 'JoinPage');
const SignInPage = lazyPage(() => import('@/pages/sign-in'), 'SignInPage');
const SellerRegistrationPage = lazyPage(() => import('@/pages/seller-registration'), 'SellerRegistrationPage');
const SellersPage = lazyPage(() => import('@/pages/sellers'), 'SellersPage');
const SellerEditPage = lazyPage(() => import('@/pages/seller-edit'), 'SellerEditPage');
const BuyerRequestsPage = lazyPage(() => import('@/pages/buyer-requests'), 'BuyerRequestsPage');
const RequestQuotesPage = lazyPage(() => import('@/pages/requests/request-quotes'), 'RequestQuotesPage');
const SellerDashboardPage = lazyPage(() => import('@/pages/dashboard/seller-dashboard'), 'SellerDashboardPage');
const DashboardPage = lazyPage(() => import('@/pages/dashboard/dashboard'), 'DashboardPage');
const ProviderDashboardPage = lazyPage(() => import('@/pages/dashboard/provider-dashboard'), 'ProviderDashboardPage');
const DirectPaymentPage = lazyPage(() => import('@/pages/direct-payment'), 'DirectPaymentPage');
const IntegratePage = lazyPage(() => import('@/pages/integrate'), 'IntegratePage');
const MarketplaceSetupPage = lazyPage(() => import('@/pages/marketplace-setup'), 'MarketplaceSetupPage');
const ApiAccessPage = lazyPage(() => import('@/pages/api-access'), 'ApiAccessPage');
const DevelopersPage = lazyPage(() => import('@/pages/developers/developers'), 'DevelopersPage');
const AdminPage = lazyPage(() => import('@/pages/admin'), 'AdminPage');
const PrivacyPage = lazyPage(() => import('@/pages/privacy'), 'PrivacyPage');
const DeleteAccountPage = lazyPage(() => import('@/pages/delete-account'), 'DeleteAccountPage');
const DeleteAccountConfirmPage = lazyPage(() => import('@/pages/delete-account-confirm'), 'DeleteAccountConfirmPage');
const ProviderSignupPage = lazyPage(() => import('@/pages/provider-signup'), 'ProviderSignupPage');
const DevMailboxPage = lazyPage(() => import('@/pages/dev-mailbox'), 'DevMailboxPage');
const NotFoundPage = lazyPage(() => import('@/pages/not-found'), 'NotFoundPage');
const EmbedCheckoutPage = lazyPage(() => import('@/pages/embed/checkout'), 'EmbedCheckoutPage');

/**
 * The pages whose first viewport the build renders into their HTML (prerender.tsx, ADR 0044, P5). Only pages whose
 * first render needs no data (every query pending, signed out) belong here. main.tsx loads the page's code before it
 * hydrates, so the whole first view hydrates in one pass, before any query has answered.
 */
// A form control in a prerendered view sits in a HydratedFieldset: disabled until hydration, so no input is lost.
export const PRERENDERED_PAGES: Readonly<Record<string, LazyPage>> = {
  '/': HomePage,
  '/sellers': SellersPage,
  '/buyer-requests': BuyerRequestsPage,
  '/payment': PaymentPage,
};

export function AppRoutes(): ReactElement {
  return (
    <Routes>
      {/* The embed widget's iframe (ADR 0052): inside a marketplace's page, so without PayMarket's bar and footer. */}
      <Route
        path="embed/checkout"
        element={
          <Suspense fallback={null}>
            <EmbedCheckoutPage />
          </Suspense>
        }
      />
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="payment" element={<PaymentPage />} />
        <Route path="payment-success" element={<PaymentSuccessPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="providers" element={<ProvidersPage />} />
        <Route path="join" element={<JoinPage />} />
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="seller-registration" element={<SellerRegistrationPage />} />
        <Route path="sellers" element={<SellersPage />} />
        <Route path="sellers/edit/:id" element={<SellerEditPage />} />
        {/* The seller edit screen links to and returns to /sellers-showcase; the directory itself lives at /sellers. */}
        <Route path="sellers-showcase" element={<Navigate to="/sellers" replace />} />
        <Route path="buyer-requests" element={<BuyerRequestsPage />} />
        <Route path="buyer-requests/:id/quotes" element={<RequestQuotesPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="dashboard/seller/:id" element={<SellerDashboardPage />} />
        <Route path="dashboard/provider/:id" element={<ProviderDashboardPage />} />
        <Route path="direct-payment" element={<DirectPaymentPage />} />
        <Route path="integrate" element={<IntegratePage />} />
        <Route path="marketplace-setup" element={<MarketplaceSetupPage />} />
        <Route path="api-access" element={<ApiAccessPage />} />
        <Route path="developers" element={<DevelopersPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="delete-account" element={<DeleteAccountPage />} />
        <Route path="delete-account/confirm" element={<DeleteAccountConfirmPage />} />
        <Route path="provider-signup" element={<ProviderSignupPage />} />
        {/* Always registered: the gateway answers 404 for the mailbox API in production and the page says so. */}
        <Route path="dev/mailbox" element={<DevMailboxPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
