import type { ConsoleMeResponse } from '@paymarket/contracts';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CONSOLE_MESSAGES } from '@/lib/contracts-light';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/hooks/use-toast';
import { AuditLogSection, COMPANY_AUDIT_ACTIONS } from '@/components/audit-log-section';
import { SessionsSection } from '@/components/sessions-section';
import { ApiKeysPanel } from './api-keys-panel';
import { consoleCall } from './console-api';
import { CONSOLE_ME_KEY } from '@/hooks/use-viewer';
import { ConsoleSignIn } from './console-sign-in';
import { EventsPanel } from './events-panel';
import { MarketplacePanel } from './marketplace-panel';
import { WebhooksPanel } from './webhooks-panel';

const SECTIONS = ['keys', 'webhooks', 'events', 'marketplace', 'sessions', 'audit'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The developer console (ADR 0040): a company signed in by an emailed code manages its API keys, webhook endpoints and
 * deliveries, reads its events, and manages its white-label marketplace (ADR 0051). Every action is an /api/v1 route, called with the console's session cookie.
 */
export function DevelopersPage(): ReactElement {
  const client = useQueryClient();
  const me = useQuery<ConsoleMeResponse>({ queryKey: CONSOLE_ME_KEY });
  // Signed out here (the button) or by ending this device's session (Sessions): the company's data goes too.
  const signedOut = (): void => {
    client.setQueryData(CONSOLE_ME_KEY, { company: null });
    client.removeQueries({
      predicate: (query) =>
        query.queryKey[0] !== CONSOLE_ME_KEY[0] &&
        (String(query.queryKey[0]).startsWith('/api/v1') ||
          query.queryKey[0] === '/api/console/sessions' ||
          query.queryKey[0] === '/api/console/audit'),
    });
  };
  const signOut = useMutation({
    mutationFn: () => consoleCall<{ message: string }>('POST', '/api/console/sign-out'),
    onSuccess: () => {
      signedOut();
      toast({ title: 'Signed out', description: CONSOLE_MESSAGES.SIGNED_OUT });
    },
  });
  const company = me.data?.company ?? null;
  // The section is in the address (?tab=webhooks), so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const tab = SECTIONS.includes(params.get('tab') as Section) ? (params.get('tab') as Section) : 'keys';
  const onTab = (value: string): void => setParams(value === 'keys' ? {} : { tab: value }, { replace: true });

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Developer console</h1>
          <p className="text-muted-foreground">
            API keys, webhooks, events and your marketplace for your integration. See the{' '}
            <Link to="/integrate" className="text-primary underline underline-offset-4">
              integration guide
            </Link>{' '}
            and the{' '}
            <a href="/documentation" className="text-primary underline underline-offset-4">
              API reference
            </a>
            .
          </p>
        </div>
        {company && (
          <div className="flex items-center gap-3 text-sm">
            <span>
              Signed in as <strong>{company.name}</strong> ({company.email})
            </span>
            <Button type="button" variant="outline" size="sm" onClick={() => signOut.mutate()}>
              Sign out
            </Button>
          </div>
        )}
      </div>
      {me.isLoading ? null : company ? (
        <Tabs value={tab} onValueChange={onTab}>
          <TabsList aria-label="Console sections" className="text-slate-700">
            <TabsTrigger value="keys">API keys</TabsTrigger>
            <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
            <TabsTrigger value="events">Events</TabsTrigger>
            <TabsTrigger value="marketplace">Marketplace</TabsTrigger>
            <TabsTrigger value="sessions">Sessions</TabsTrigger>
            <TabsTrigger value="audit">Audit log</TabsTrigger>
          </TabsList>
          <TabsContent value="keys" className="mt-6">
            <ApiKeysPanel />
          </TabsContent>
          <TabsContent value="webhooks" className="mt-6">
            <WebhooksPanel />
          </TabsContent>
          <TabsContent value="events" className="mt-6">
            <EventsPanel />
          </TabsContent>
          <TabsContent value="marketplace" className="mt-6">
            <MarketplacePanel />
          </TabsContent>
          <TabsContent value="sessions" className="mt-6">
            <SessionsSection
              endpoint="/api/console/sessions"
              description="Where this company's developer console is signed in. End any session you do not recognise."
              onSignedOut={signedOut}
            />
          </TabsContent>
          <TabsContent value="audit" className="mt-6">
            <AuditLogSection
              endpoint="/api/console/audit"
              actions={COMPANY_AUDIT_ACTIONS}
              className="mt-0"
              description="What was done to this company's keys, webhooks, marketplace and payments, by whom and from where."
            />
          </TabsContent>
        </Tabs>
      ) : (
        <ConsoleSignIn />
      )}
    </section>
  );
}
