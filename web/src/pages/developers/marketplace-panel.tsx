import type { MarketplaceConsoleResponse, MarketplaceView } from '@paymarket/contracts';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useController } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { MARKETPLACE_FEE_DEFAULTS, MARKETPLACE_TENANT_MESSAGES as M, MAX_MARKETPLACE_DOMAINS } from '@/lib/contracts-light';
import { fieldErrorId, FormField } from '@/components/form-field';
import { integrationSnippet } from '@/components/marketplaces/integration-snippets';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { useSubmissionKey } from '@/lib/idempotency';
import { apiErrorMessage } from '@/lib/queryClient';
import { consoleCall, formatTime } from './console-api';
import { ConsoleBadge } from './console-badge';
import { MarketplaceStatementSection } from './marketplace-statement';

export const MARKETPLACE_KEY = ['/api/v1/marketplace'];

/** Refusals of a save that name a field: bad input (400), a domain taken (409), an account payments refused (422). */
const FIELD_STATUSES = [400, 409, 422];

interface MarketplaceForm {
  displayName: string;
  accentColor: string;
  logoUrl: string;
  customBranding: boolean;
  domains: string[];
  customFees: boolean;
  transactionFeeUsd: string;
  transactionFeeCad: string;
  platformFee: string;
  payoutAccountId: string;
}

function formOf(m: MarketplaceView): MarketplaceForm {
  return {
    displayName: m.branding.displayName,
    accentColor: m.branding.accentColor ?? '',
    logoUrl: m.branding.logoUrl ?? '',
    customBranding: m.branding.customBranding,
    domains: m.domains.length > 0 ? m.domains : [m.primaryDomain],
    customFees: m.fees.customFees,
    transactionFeeUsd: m.fees.transactionFee?.usd ?? MARKETPLACE_FEE_DEFAULTS.transactionFee,
    transactionFeeCad: m.fees.transactionFee?.cad ?? MARKETPLACE_FEE_DEFAULTS.transactionFeeCad,
    platformFee: m.fees.platformFee ?? MARKETPLACE_FEE_DEFAULTS.platformFee,
    payoutAccountId: m.payoutAccountId ?? '',
  };
}

/** The PATCH body: the whole form (unchanged fields change nothing); blank optional text removes it; blank domain rows are left out. */
function bodyOf(form: MarketplaceForm): Record<string, unknown> {
  return {
    displayName: form.displayName,
    accentColor: form.accentColor.trim() || null,
    logoUrl: form.logoUrl.trim() || null,
    customBranding: form.customBranding,
    domains: form.domains.map((d) => d.trim()).filter((d) => d !== ''),
    customFees: form.customFees,
    ...(form.customFees
      ? {
          transactionFeeUsd: form.transactionFeeUsd.trim(),
          transactionFeeCad: form.transactionFeeCad.trim(),
          platformFee: form.platformFee.trim(),
        }
      : {}),
    payoutAccountId: form.payoutAccountId.trim() || null,
  };
}

/**
 * The console's Marketplace tab (ADR 0051): without a marketplace, the ones registered with the company's contact email
 * to attach; with one, whether it takes orders, its domains, branding, fees and payout account, the embed snippet and
 * its statement.
 */
export function MarketplacePanel(): ReactElement {
  const answer = useQuery<MarketplaceConsoleResponse>({ queryKey: MARKETPLACE_KEY, staleTime: 0 });
  if (answer.isLoading) return <p className="text-sm text-muted-foreground">Loading your marketplace…</p>;
  if (answer.isError || !answer.data) {
    return <p className="text-sm text-destructive">{apiErrorMessage(answer.error, 'Could not load your marketplace.')}</p>;
  }
  const { marketplace, candidates } = answer.data;
  if (!marketplace) return <Candidates candidates={candidates} />;
  return (
    <div className="space-y-6">
      <Status marketplace={marketplace} />
      {/* Keyed by version: a saved change starts the form again from what the server stored. */}
      <MarketplaceSettings key={marketplace.version} marketplace={marketplace} />
      <EmbedSnippet domain={marketplace.primaryDomain} />
      <MarketplaceStatementSection />
    </div>
  );
}

function Candidates({ candidates }: { candidates: MarketplaceConsoleResponse['candidates'] }): ReactElement {
  const client = useQueryClient();
  // One attach per click: a retry after a lost answer attaches once (and answers the same).
  const submission = useSubmissionKey();
  const attach = useMutation({
    mutationFn: (marketplaceId: string) =>
      consoleCall<MarketplaceView>(
        'POST',
        '/api/v1/marketplace/attach',
        { marketplaceId },
        { idempotencyKey: submission.keyFor(marketplaceId) },
      ),
    onSuccess: (marketplace) => {
      submission.done();
      client.setQueryData<MarketplaceConsoleResponse>(MARKETPLACE_KEY, { marketplace, candidates: [] });
      toast({ title: 'Marketplace attached', description: `${marketplace.primaryDomain} is now your company's marketplace.` });
    },
    onError: (error) => {
      submission.failed(error);
      toast({
        variant: 'destructive',
        title: 'Could not attach the marketplace',
        description: apiErrorMessage(error, 'Please try again.'),
      });
      void client.invalidateQueries({ queryKey: MARKETPLACE_KEY });
    },
  });

  if (candidates.length === 0) {
    return (
      <Card className="p-5">
        <h2 className="font-semibold">No marketplace yet</h2>
        <p className="mt-2 text-sm text-muted-foreground">
          No marketplace is registered with your company&apos;s contact email.{' '}
          <Link to="/integrate" className="text-primary underline underline-offset-4">
            Register one on the integration page
          </Link>{' '}
          (Setup tab) with this email, then attach it here.
        </p>
      </Card>
    );
  }
  return (
    <Card className="overflow-x-auto p-5">
      <h2 className="font-semibold">Attach your marketplace</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        These marketplaces were registered with your company&apos;s contact email. Attach the one that is yours: its orders and fees are
        then managed here. A company has one marketplace.
      </p>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Marketplaces you may attach</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2">
              Domain
            </th>
            <th scope="col">Company</th>
            <th scope="col">Custom fees</th>
            <th scope="col">Registered</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {candidates.map((c) => (
            <tr key={c.id} className="border-t border-border">
              <td className="py-2 pr-2 font-mono">{c.domain}</td>
              <td className="pr-2">{c.companyName}</td>
              <td className="pr-2">{c.customFees ? 'Yes' : 'No'}</td>
              <td className="pr-2">{formatTime(c.createdAt)}</td>
              <td className="py-2 text-right">
                <Button
                  type="button"
                  size="sm"
                  disabled={attach.isPending}
                  aria-label={`Attach ${c.domain}`}
                  onClick={() => attach.mutate(c.id)}
                >
                  Attach
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Status({ marketplace }: { marketplace: MarketplaceView }): ReactElement {
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-semibold">{marketplace.branding.displayName}</h2>
          <p className="text-sm text-muted-foreground">
            {marketplace.primaryDomain} · registered by {marketplace.companyName} · version {marketplace.version}
          </p>
        </div>
        <ConsoleBadge tone={marketplace.acceptingOrders ? 'good' : 'bad'}>
          {marketplace.acceptingOrders ? 'Accepting orders' : 'Not accepting orders'}
        </ConsoleBadge>
      </div>
      {marketplace.notice && (
        <p role="status" className="mt-3 text-sm text-destructive" data-testid="marketplace-notice">
          {marketplace.notice}
        </p>
      )}
    </Card>
  );
}

function MarketplaceSettings({ marketplace }: { marketplace: MarketplaceView }): ReactElement {
  const client = useQueryClient();
  const form = useContractForm<MarketplaceForm, 'UpdateMarketplaceDto'>({
    dto: 'UpdateMarketplaceDto',
    idPrefix: 'marketplace',
    defaultValues: formOf(marketplace),
    toPayload: bodyOf,
  });
  const submission = useSubmissionKey();

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      consoleCall<MarketplaceView>('PATCH', '/api/v1/marketplace', body, { idempotencyKey: submission.keyFor(body) }),
    onSuccess: (saved) => {
      submission.done();
      client.setQueryData<MarketplaceConsoleResponse>(MARKETPLACE_KEY, { marketplace: saved, candidates: [] });
      toast({
        title: M.UPDATED,
        description: saved.acceptingOrders ? 'Your marketplace is accepting orders.' : (saved.notice ?? undefined),
      });
    },
    onError: (error) => {
      submission.failed(error);
      form.showServerErrors(error, FIELD_STATUSES);
      toast({ variant: 'destructive', title: 'Could not save the marketplace', description: apiErrorMessage(error, 'Please try again.') });
    },
  });

  // Validated by UpdateMarketplaceDto; sent as typed: the server normalises it again (and the same text keeps the same
  // Idempotency-Key).
  const onSave = form.handleSubmit(() => save.mutate(bodyOf(form.getValues())));

  const text = (name: Exclude<keyof MarketplaceForm, 'domains'>) => ({ ...form.field(name), disabled: save.isPending });
  // Registered in the page's order, so the focus goes to the first invalid field: the branding, then the domains (one
  // field, a list: its message under the rows, the focus on the first row), then the fees and the payout account.
  const branding = { displayName: text('displayName'), accentColor: text('accentColor'), logoUrl: text('logoUrl') };
  const { field: domainList } = useController({ control: form.control, name: 'domains' });
  const domains = domainList.value;
  const domainErrors = form.messages('domains');
  const domainErrorId = fieldErrorId(form.fieldId('domains'));
  const setDomain = (index: number, value: string): void => domainList.onChange(domains.map((d, i) => (i === index ? value : d)));
  const customFees = form.watch('customFees');

  return (
    <Card className="p-5">
      <h2 className="font-semibold">Settings</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Changes apply to orders created afterwards; an order keeps the terms it was made under.
      </p>
      <form {...form.formProps} onSubmit={(event) => void onSave(event)} className="mt-4 space-y-6" aria-label="Marketplace settings">
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">Branding</legend>
          <FormField id={form.fieldId('displayName')} label="Display name" required errors={form.messages('displayName')}>
            <Input {...branding.displayName} maxLength={80} />
          </FormField>
          <FormField id={form.fieldId('accentColor')} label="Accent colour" errors={form.messages('accentColor')}>
            <Input {...branding.accentColor} placeholder="#4f46e5" />
          </FormField>
          <FormField id={form.fieldId('logoUrl')} label="Logo URL" errors={form.messages('logoUrl')}>
            <Input {...branding.logoUrl} type="url" inputMode="url" placeholder="https://cdn.example.com/logo.png" />
          </FormField>
          <label htmlFor={form.fieldId('customBranding')} className="flex items-center gap-2 text-sm sm:col-span-3">
            <input {...text('customBranding')} type="checkbox" className="size-4 accent-primary" />
            Show my branding on the checkout
          </label>
        </fieldset>

        <fieldset className="space-y-3" aria-describedby={domainErrors ? domainErrorId : undefined}>
          <legend className="text-sm font-semibold">Domains</legend>
          <p className="text-sm text-muted-foreground">
            The sites that may embed your checkout (up to {MAX_MARKETPLACE_DOMAINS}). The first is the primary domain.
          </p>
          {domains.map((domain, index) => {
            const id = `marketplace-domain-${index}`;
            return (
              <div key={index} className="flex items-end gap-2">
                <div className="flex-1 space-y-2">
                  <label htmlFor={id} className="text-sm font-medium">
                    {index === 0 ? 'Domain 1 (primary)' : `Domain ${index + 1}`}
                  </label>
                  <Input
                    id={id}
                    ref={index === 0 ? domainList.ref : undefined}
                    name={index === 0 ? domainList.name : undefined}
                    inputMode="url"
                    placeholder="shop.example.com"
                    value={domain}
                    disabled={save.isPending}
                    onChange={(e) => setDomain(index, e.target.value)}
                    onBlur={domainList.onBlur}
                    aria-invalid={domainErrors ? true : undefined}
                    aria-describedby={domainErrors ? domainErrorId : undefined}
                  />
                </div>
                {domains.length > 1 && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Remove domain ${index + 1}`}
                    disabled={save.isPending}
                    onClick={() => domainList.onChange(domains.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                )}
              </div>
            );
          })}
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={save.isPending || domains.length >= MAX_MARKETPLACE_DOMAINS}
            onClick={() => domainList.onChange([...domains, ''])}
          >
            Add domain
          </Button>
          {domainErrors && (
            <div id={domainErrorId} className="space-y-1">
              {domainErrors.map((message) => (
                <p key={message} className="text-sm font-medium text-destructive">
                  {message}
                </p>
              ))}
            </div>
          )}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold">Fees and payouts</legend>
          <label htmlFor={form.fieldId('customFees')} className="flex items-center gap-2 text-sm">
            <input {...text('customFees')} type="checkbox" role="switch" aria-checked={customFees} className="size-4 accent-primary" />
            Custom fees
          </label>
          <p className="text-sm text-muted-foreground">
            {customFees
              ? 'PayMarket keeps the fixed transaction fee (paid by the buyer on top of the amount); your marketplace receives its percentage of the amount in its payout account.'
              : "PayMarket's standard fees (3.56 USD / 4.79 CAD on top of the amount); your marketplace takes no share."}
          </p>
          {customFees && (
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField
                id={form.fieldId('transactionFeeUsd')}
                label="Transaction fee, USD ($)"
                errors={form.messages('transactionFeeUsd')}
              >
                <Input {...text('transactionFeeUsd')} inputMode="decimal" />
              </FormField>
              <FormField
                id={form.fieldId('transactionFeeCad')}
                label="Transaction fee, CAD ($)"
                errors={form.messages('transactionFeeCad')}
              >
                <Input {...text('transactionFeeCad')} inputMode="decimal" />
              </FormField>
              <FormField id={form.fieldId('platformFee')} label="Marketplace share (%)" errors={form.messages('platformFee')}>
                <Input {...text('platformFee')} inputMode="decimal" />
              </FormField>
            </div>
          )}
          <FormField
            id={form.fieldId('payoutAccountId')}
            label="Payout account (Stripe connected account)"
            errors={form.messages('payoutAccountId')}
          >
            <Input {...text('payoutAccountId')} placeholder="acct_…" className="font-mono" />
          </FormField>
        </fieldset>

        {form.formMessage && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {form.formMessage}
          </p>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
    </Card>
  );
}

function EmbedSnippet({ domain }: { domain: string }): ReactElement {
  const snippet = integrationSnippet('widget', domain, window.location.origin);
  return (
    <Card className="p-5">
      <h2 className="font-semibold">Embed the checkout</h2>
      <p className="mt-1 text-sm text-muted-foreground">Paste this into a page on one of your domains.</p>
      <pre className="mt-3 overflow-x-auto rounded-lg bg-muted p-3 text-xs" data-testid="embed-snippet">
        <code>{snippet}</code>
      </pre>
    </Card>
  );
}
