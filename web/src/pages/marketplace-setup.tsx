import { Check, Copy, ExternalLink, KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { PageHeader } from '@/components/page-header';
import {
  integrationSnippet,
  isUsableDomain,
  snippetDomain,
  WIDGET_ATTRIBUTES,
  WIDGET_EVENTS,
  widgetListenerSnippet,
  type SnippetKind,
} from '@/components/marketplaces/integration-snippets';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/hooks/use-toast';

/** Spec §9: the copy confirmation resets after 2 seconds. */
export const COPY_RESET_MS = 2_000;

export const DOCUMENTATION_PATH = '/documentation.html';

const GUIDES: Array<{ kind: SnippetKind; label: string; title: string; text: string }> = [
  {
    kind: 'widget',
    label: 'Embed Widget',
    title: 'Embed the checkout widget',
    text: 'Paste this where the checkout should appear, on a page of your registered domain. No server code needed.',
  },
  { kind: 'rest', label: 'REST API', title: 'Call the REST API', text: 'Create orders and payments from your servers with your API key.' },
  { kind: 'webhooks', label: 'Webhooks', title: 'Receive webhooks', text: 'Handle payment and order events on your marketplace.' },
  { kind: 'sdk', label: 'Full SDK', title: 'Use the full SDK', text: 'Typed access to orders, payments, providers and webhooks.' },
];

function CopyButton({ text, label }: { text: string; label: string }): ReactElement {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast({ variant: 'destructive', title: 'Copy Failed', description: 'Select the code and copy it by hand.' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_RESET_MS);
  };

  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied!' : 'Copy'}
    </Button>
  );
}

const codeBlock =
  'overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** What the widget reads and what it tells the page (ADR 0052). */
function WidgetReference(): ReactElement {
  return (
    <div className="mt-6 space-y-6 text-sm">
      <p className="text-muted-foreground">
        The checkout opens in a frame served by PayMarket, so card details never touch your page. It only shows on your marketplace’s
        registered domains (https in production); anywhere else it says “PayMarket checkout is not enabled for this site.” and creates
        nothing. Orders it takes are your company’s: they appear in /api/v1/orders, your webhooks and your statements.
      </p>
      <section aria-labelledby="widget-attributes-title">
        <h3 id="widget-attributes-title" className="mb-2 font-semibold">
          Attributes
        </h3>
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
          {WIDGET_ATTRIBUTES.map(({ name, description }) => (
            <div key={name} className="contents">
              <dt>
                <code className="font-mono text-xs">{name}</code>
              </dt>
              <dd className="text-muted-foreground">{description}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="widget-events-title">
        <h3 id="widget-events-title" className="mb-2 font-semibold">
          Events
        </h3>
        <p className="mb-2 text-muted-foreground">
          DOM <code className="font-mono text-xs">CustomEvent</code>s dispatched on the checkout’s container; they bubble, and{' '}
          <code className="font-mono text-xs">event.detail</code> holds the fields listed.
        </p>
        <table className="w-full text-left">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-1 pr-4 font-medium">
                Event
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                When
              </th>
              <th scope="col" className="py-1 font-medium">
                detail
              </th>
            </tr>
          </thead>
          <tbody>
            {WIDGET_EVENTS.map(({ name, when, detail }) => (
              <tr key={name} className="border-b border-border align-top">
                <th scope="row" className="py-1 pr-4 font-normal">
                  <code className="font-mono text-xs">{name}</code>
                </th>
                <td className="py-1 pr-4 text-muted-foreground">{when}</td>
                <td className="py-1 text-muted-foreground">{detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="widget-listener-title">
        <h3 id="widget-listener-title" className="mb-2 font-semibold">
          Listening on your page
        </h3>
        <pre tabIndex={0} className={codeBlock}>
          <code data-testid="snippet-widget-listener">{widgetListenerSnippet()}</code>
        </pre>
      </section>
    </div>
  );
}

export function MarketplaceSetupPage(): ReactElement {
  const [typedDomain, setTypedDomain] = useState('');
  const domain = snippetDomain(typedDomain);
  const usable = isUsableDomain(typedDomain);
  const origin = window.location.origin;

  const getApiKey = (): void => {
    toast({ title: 'Get API Key', description: 'Request your API keys on the API access page at /api-access. Verification is automatic.' });
  };

  const viewDocumentation = (): void => {
    // Not 'noopener' in the features: with it window.open always returns null and a blocked popup can't be told apart.
    const opened = window.open(DOCUMENTATION_PATH, '_blank');
    if (opened === null) {
      toast({
        variant: 'destructive',
        title: 'Popup Blocked',
        description: `Your browser blocked the new tab. Allow pop-ups for this site or open ${DOCUMENTATION_PATH} directly.`,
      });
      return;
    }
    opened.opener = null;
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageHeader
        eyebrow="White-label integration"
        title="Marketplace Setup"
        description="Embed PayMarket in your own site with a widget, the REST API, webhooks or the full SDK. Type your domain and the code below follows."
      />

      <div className="mb-8 flex flex-wrap gap-3">
        <Button onClick={getApiKey}>
          <KeyRound aria-hidden="true" />
          Get API Key
        </Button>
        <Button variant="outline" onClick={viewDocumentation}>
          <ExternalLink aria-hidden="true" />
          View Documentation
        </Button>
      </div>

      <Card className="mb-8">
        <CardContent className="pt-6">
          <div className="space-y-2">
            <Label htmlFor="marketplace-domain">Your Marketplace Domain</Label>
            <Input
              id="marketplace-domain"
              value={typedDomain}
              onChange={(event) => setTypedDomain(event.target.value)}
              placeholder="your-marketplace.com"
              inputMode="url"
              aria-invalid={usable ? undefined : true}
              aria-describedby="marketplace-domain-hint"
            />
            <p id="marketplace-domain-hint" className={usable ? 'text-sm text-muted-foreground' : 'text-sm font-medium text-destructive'}>
              {usable ? `Snippets use ${domain}.` : 'Enter a domain name such as shop.example.com.'}
            </p>
          </div>
        </CardContent>
      </Card>

      <Tabs defaultValue="widget">
        <TabsList aria-label="Integration method">
          {GUIDES.map(({ kind, label }) => (
            <TabsTrigger key={kind} value={kind}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {GUIDES.map(({ kind, label, title, text }) => {
          const code = integrationSnippet(kind, domain, origin);
          return (
            <TabsContent key={kind} value={kind}>
              <Card>
                <CardHeader className="flex-row items-start justify-between gap-4">
                  <div>
                    <CardTitle className="text-lg">{title}</CardTitle>
                    <CardDescription>{text}</CardDescription>
                  </div>
                  <CopyButton text={code} label={`${label} code`} />
                </CardHeader>
                <CardContent>
                  {/* Focusable: on a narrow screen the snippet scrolls sideways, and the keyboard must reach it. */}
                  <pre tabIndex={0} className={codeBlock}>
                    <code data-testid={`snippet-${kind}`}>{code}</code>
                  </pre>
                  {kind === 'widget' && <WidgetReference />}
                </CardContent>
              </Card>
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
