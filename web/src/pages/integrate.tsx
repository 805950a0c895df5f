import { MARKETPLACE_WEBHOOK_EVENTS } from '@/lib/contracts-light';
import { BadgeDollarSign, Check, Code2, Palette, ShieldCheck, Webhook } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { MarketplaceSetupForm } from '@/components/marketplaces/marketplace-setup-form';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatUsd, TRANSACTION_FEE } from '@/lib/pricing';

type IntegrateTab = 'overview' | 'setup' | 'integration' | 'pricing';

const FEATURES = [
  { icon: Palette, title: 'Your brand', text: 'Custom branding or a full white label: your buyers stay on your marketplace.' },
  {
    icon: ShieldCheck,
    title: 'No funds held',
    text: 'Card payments go straight to sellers and print providers through their connected accounts.',
  },
  { icon: Code2, title: 'Widget, API or SDK', text: 'Embed a widget in minutes or build on the REST API and webhooks.' },
  {
    icon: BadgeDollarSign,
    title: 'One flat fee',
    text: `${formatUsd(TRANSACTION_FEE.usd)} per completed transaction. No monthly fees, no setup costs.`,
  },
] as const;

const STEPS = [
  { title: 'Register your marketplace', text: 'Fill in the Setup tab; we confirm by email to your contact and admin.' },
  { title: 'Get your API keys', text: 'Request API access; verification is automatic.' },
  { title: 'Embed or call the API', text: 'Use the white-label guide for code with your domain filled in.' },
  { title: 'Listen to webhooks', text: 'React to payments, refunds and order updates as they happen.' },
] as const;

const PLAN_INCLUDES = [
  'Card payments in USD and CAD',
  'Direct payouts to sellers and print providers',
  'Embed widget, REST API, webhooks and SDK',
  'Custom branding and white label',
  'No monthly fees, no setup costs',
] as const;

export function IntegratePage(): ReactElement {
  const [tab, setTab] = useState<IntegrateTab>('overview');

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageHeader
        eyebrow="For marketplaces"
        title="Integrate Your Marketplace"
        description="Bring PayMarket payments to your own marketplace: register it, embed checkout, and pay sellers and print providers directly."
      />

      <Tabs value={tab} onValueChange={(value) => setTab(value as IntegrateTab)}>
        <TabsList aria-label="Marketplace integration">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="setup">Setup</TabsTrigger>
          <TabsTrigger value="integration">Integration</TabsTrigger>
          <TabsTrigger value="pricing">Pricing</TabsTrigger>
        </TabsList>

        <TabsContent value="overview">
          <div className="grid gap-4 sm:grid-cols-2">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <CardHeader>
                  <span className="flex size-10 items-center justify-center rounded-xl bg-secondary text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle className="text-lg">{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button size="lg" onClick={() => setTab('setup')}>
              Set Up Your Marketplace
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to="/marketplace-setup">White-label Guide</Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to="/developers">Developer Console</Link>
            </Button>
            <Button size="lg" variant="ghost" asChild>
              <a href="/documentation">API Reference</a>
            </Button>
          </div>
        </TabsContent>

        <TabsContent value="setup">
          <Card>
            <CardHeader>
              <CardTitle>Register Your Marketplace</CardTitle>
              <CardDescription>Fields marked * are required. We email a confirmation to the contact and admin addresses.</CardDescription>
            </CardHeader>
            <CardContent>
              <MarketplaceSetupForm />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="integration">
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Integration Steps</CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="space-y-4">
                  {STEPS.map(({ title, text }, index) => (
                    <li key={title} className="flex gap-3">
                      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                        {index + 1}
                      </span>
                      <div>
                        <h3 className="font-semibold">{title}</h3>
                        <p className="text-sm text-muted-foreground">{text}</p>
                      </div>
                    </li>
                  ))}
                </ol>
                <div className="mt-6 flex flex-wrap gap-3">
                  <Button variant="outline" asChild>
                    <Link to="/marketplace-setup">White-label Guide</Link>
                  </Button>
                  <Button variant="outline" asChild>
                    <a href="/documentation.html" target="_blank" rel="noopener noreferrer">
                      Documentation
                    </a>
                  </Button>
                </div>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Webhook className="size-5 text-primary" aria-hidden="true" />
                  Webhook Events
                </CardTitle>
                <CardDescription>Subscribe to the events your marketplace needs.</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="space-y-3" aria-label="Webhook events">
                  {MARKETPLACE_WEBHOOK_EVENTS.map(({ name, description }) => (
                    <li key={name}>
                      <code className="rounded bg-secondary px-1.5 py-0.5 text-sm font-semibold text-secondary-foreground">{name}</code>
                      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </div>
        </TabsContent>

        <TabsContent value="pricing">
          <Card className="mx-auto max-w-md border-primary/40 shadow-xl shadow-primary/5">
            <CardHeader className="text-center">
              <CardTitle>Pay per Transaction</CardTitle>
              <p className="mt-2">
                <span className="text-5xl font-extrabold text-primary">{formatUsd(TRANSACTION_FEE.usd)}</span>
                <span className="ml-1 text-muted-foreground">per transaction</span>
              </p>
              <CardDescription>
                {formatUsd(TRANSACTION_FEE.cad)} CAD for payments in Canadian dollars. Charged only on completed transactions.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2">
                {PLAN_INCLUDES.map((item) => (
                  <li key={item} className="flex items-center gap-2 text-sm">
                    <Check className="size-4 text-success" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
              <Button className="mt-6 w-full" onClick={() => setTab('setup')}>
                Get Started
              </Button>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
