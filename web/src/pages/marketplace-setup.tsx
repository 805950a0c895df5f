import { Check, Copy, ExternalLink, KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { PageHeader } from '@/components/page-header';
import { integrationSnippet, isUsableDomain, snippetDomain, type SnippetKind } from '@/components/marketplaces/integration-snippets';
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
    text: 'Paste this where the checkout should appear. No server code needed.',
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
                  <pre
                    tabIndex={0}
                    className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <code data-testid={`snippet-${kind}`}>{code}</code>
                  </pre>
                </CardContent>
              </Card>
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
