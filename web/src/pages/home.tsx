import {
  ArrowRight,
  ClipboardList,
  CreditCard,
  FileText,
  LayoutDashboard,
  Package,
  ShieldCheck,
  Store,
  Terminal,
  UserPlus,
  Users,
} from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useViewer, type NextStep } from '@/hooks/use-viewer';
import { formatUsd, TRANSACTION_FEE } from '@/lib/pricing';
import { HydrationBoundary } from '@/components/hydration-boundary';

type Action = { to: string; label: string; icon: typeof Store; primary: boolean };

const BROWSE_ACTIONS: readonly Action[] = [
  { to: '/sellers', label: 'Browse Sellers', icon: Store, primary: true },
  { to: '/buyer-requests', label: 'Buyer Requests', icon: FileText, primary: false },
  { to: '/direct-payment', label: 'Direct Payment', icon: CreditCard, primary: false },
];

// Only for visitors: someone signed in (buyer, seller or provider, administrator, console) gets their next step instead.
const JOIN_ACTIONS: readonly Action[] = [
  { to: '/seller-registration', label: 'Become a Seller', icon: UserPlus, primary: false },
  { to: '/join', label: 'Join as Buyer', icon: Users, primary: false },
];

const NEXT_STEP_ICONS: Record<NextStep['kind'], typeof Store> = {
  orders: Package,
  requests: ClipboardList,
  dashboard: LayoutDashboard,
  admin: ShieldCheck,
  console: Terminal,
};

// The sample split from the product description: what each party gets out of a 100.00 payment.
const SAMPLE_SPLIT = [
  { party: 'Print provider', amount: 46.44, className: 'bg-primary' },
  { party: 'Seller', amount: 50.0, className: 'bg-indigo-300' },
  { party: 'PayMarket fee', amount: 3.56, className: 'bg-emerald-500' },
] as const;

const FEATURES = [
  {
    title: 'Direct to providers',
    text: 'Buyers pay sellers and print providers directly through their connected Stripe accounts.',
  },
  {
    title: 'We never hold your funds',
    text: 'PayMarket is a pure facilitator: the payment is split at checkout between provider, seller and fee.',
  },
  {
    title: 'One flat fee',
    text: `${formatUsd(TRANSACTION_FEE.usd)} USD per completed transaction, or $${TRANSACTION_FEE.cad.toFixed(2)} CAD. Nothing hidden in percentages.`,
  },
] as const;

export function HomePage(): ReactElement {
  // The first view is prerendered signed out: the visitor's buttons stay until every session check has answered.
  const viewer = useViewer();
  const signedIn = !viewer.isLoading && viewer.signedIn;
  const actions: readonly Action[] = signedIn
    ? [
        ...BROWSE_ACTIONS,
        ...viewer.nextSteps.map((step) => ({ to: step.to, label: step.label, icon: NEXT_STEP_ICONS[step.kind], primary: false })),
      ]
    : [...BROWSE_ACTIONS, ...JOIN_ACTIONS];
  const firstStep = signedIn ? viewer.nextSteps[0] : undefined;
  return (
    <>
      <HydrationBoundary>
        <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-indigo-50 via-background to-background">
          <div
            className="pointer-events-none absolute -top-40 left-1/2 h-[480px] w-[880px] -translate-x-1/2 rounded-full bg-primary/10 blur-3xl"
            aria-hidden="true"
          />
          <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.35fr_1fr]">
            <div>
              <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-primary/20 bg-card px-3 py-1 text-sm font-medium text-secondary-foreground shadow-xs">
                Flat {formatUsd(TRANSACTION_FEE.usd)} per transaction
              </p>
              <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl sm:leading-[1.1]">
                The universal payment marketplace for <span className="text-primary">print</span>
              </h1>
              <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
                Connect any buyer directly to sellers and print providers. Pay by card, post project requests and get work printed, with a
                flat {formatUsd(TRANSACTION_FEE.usd)} transaction fee on every completed payment.
              </p>
              <nav aria-label="Get started" className="mt-8 flex flex-wrap gap-3">
                {actions.map(({ to, label, icon: Icon, primary }) => (
                  <Button key={to} asChild size="lg" variant={primary ? 'default' : 'outline'} className="w-full sm:w-auto">
                    <Link to={to}>
                      <Icon aria-hidden="true" />
                      {label}
                    </Link>
                  </Button>
                ))}
              </nav>
            </div>

            <Card className="p-6 shadow-xl shadow-primary/5">
              <p className="text-sm font-medium text-muted-foreground">Example: a $100.00 payment</p>
              <p className="mt-1 text-3xl font-bold tracking-tight">$100.00</p>
              <div className="mt-5 flex h-3 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                {SAMPLE_SPLIT.map(({ party, amount, className }) => (
                  <span key={party} className={className} style={{ width: `${amount}%` }} />
                ))}
              </div>
              <dl className="mt-5 space-y-3">
                {SAMPLE_SPLIT.map(({ party, amount, className }) => (
                  <div key={party} className="flex items-center justify-between text-sm">
                    <dt className="flex items-center gap-2 text-muted-foreground">
                      <span className={`size-2.5 rounded-full ${className}`} aria-hidden="true" />
                      {party}
                    </dt>
                    <dd className="font-semibold tabular-nums">{formatUsd(amount)}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-5 border-t border-border pt-4 text-xs text-muted-foreground">
                Split through Stripe connected accounts at checkout.
              </p>
            </Card>
          </div>
        </section>
      </HydrationBoundary>

      <HydrationBoundary>
        <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="why-heading" className="text-2xl font-bold tracking-tight">
            Why PayMarket
          </h2>
          <div className="mt-6 grid gap-4 md:grid-cols-3">
            {FEATURES.map(({ title, text }) => (
              <Card key={title} className="p-6">
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </Card>
            ))}
          </div>
          <div className="mt-10 flex flex-col items-start justify-between gap-4 rounded-2xl bg-foreground px-6 py-8 text-background sm:flex-row sm:items-center sm:px-10">
            {firstStep ? (
              <>
                <div>
                  <p className="text-xl font-semibold">Welcome back</p>
                  <p className="mt-1 text-sm text-background/70">Pick up where you left off.</p>
                </div>
                <Button asChild variant="secondary" size="lg">
                  <Link to={firstStep.to}>
                    {firstStep.label}
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </>
            ) : (
              <>
                <div>
                  <p className="text-xl font-semibold">Sell your print or design services?</p>
                  <p className="mt-1 text-sm text-background/70">List your business and get paid directly by buyers.</p>
                </div>
                <Button asChild variant="secondary" size="lg">
                  <Link to="/seller-registration">
                    Become a Seller
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </>
            )}
          </div>
        </section>
      </HydrationBoundary>
    </>
  );
}
