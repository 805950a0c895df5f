import type { ApiAccessResponse, ApiCredentials, RequestApiAccessDto, RevealCredentialsResponse } from '@paymarket/contracts';
import { useMutation } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Clock, Eye, EyeOff, KeyRound, Loader2, Mail, ShieldCheck, XCircle } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { API_ACCESS_BUSINESS_TYPES, API_ACCESS_MESSAGES } from '@/lib/contracts-light';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

type AccessForm = Record<'name' | 'website' | 'email' | 'businessType' | 'contactName' | 'contactPhone' | 'taxId', string>;

const EMPTY_FORM: AccessForm = { name: '', website: '', email: '', businessType: '', contactName: '', contactPhone: '', taxId: '' };
const OPTIONAL: ReadonlySet<keyof AccessForm> = new Set(['contactPhone', 'taxId']);

/** Optional fields left blank are omitted rather than sent as empty strings. */
function toPayload(form: AccessForm): Partial<AccessForm> {
  return Object.fromEntries(Object.entries(form).filter(([key, value]) => !OPTIONAL.has(key as keyof AccessForm) || value.trim() !== ''));
}

function riskColour(score: number): string {
  if (score < 30) return 'text-success';
  if (score < 70) return 'text-yellow-600';
  return 'text-destructive';
}

/** /api-access: the application form, then the outcome; with ?company=&token= it redeems an emailed credentials link. */
export function ApiAccessPage(): ReactElement {
  const [params] = useSearchParams();
  const companyId = params.get('company');
  const token = params.get('token');
  return (
    <div className="bg-gradient-to-b from-indigo-50 via-background to-background">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
        {companyId && token ? <CredentialsLink companyId={companyId} token={token} /> : <ApiAccessApplication />}
      </div>
    </div>
  );
}

function ApiAccessApplication(): ReactElement {
  const form = useContractForm<AccessForm, 'RequestApiAccessDto'>({
    dto: 'RequestApiAccessDto',
    idPrefix: 'api',
    defaultValues: EMPTY_FORM,
    toPayload,
  });
  const [result, setResult] = useState<ApiAccessResponse | null>(null);

  const application = useMutation({
    mutationFn: async (payload: RequestApiAccessDto) =>
      (await (await apiRequest('POST', '/api/request-api-access', payload)).json()) as ApiAccessResponse,
    onSuccess: (response) => {
      setResult(response);
      form.reset();
      if (response.status === 'approved') {
        toast({ title: 'API Access Approved!', description: 'Copy your credentials now: the secret key is shown only once.' });
      } else if (response.status === 'pending_review') {
        toast({ title: 'Application Under Review', description: `Estimated review time: ${response.estimatedReviewTime ?? '24 hours'}.` });
      } else {
        toast({
          variant: 'destructive',
          title: 'Application Rejected',
          description: response.reason || API_ACCESS_MESSAGES.REJECTED_FALLBACK,
        });
      }
    },
    onError: (error) => {
      form.showServerErrors(error);
      toast({
        variant: 'destructive',
        title: API_ACCESS_MESSAGES.FAILED_TITLE,
        description: apiErrorMessage(error, API_ACCESS_MESSAGES.FAILED_FALLBACK),
      });
    },
  });

  const onSubmit = form.handleSubmit((payload) => application.mutate(payload));

  const control = (name: keyof AccessForm) => ({ ...form.field(name), disabled: application.isPending });

  if (result) return <Outcome result={result} onRestart={() => setResult(null)} />;

  return (
    <>
      <header className="mb-8">
        <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">For integrators</p>
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Request API Access</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Tell us about your company. Most applications are verified automatically and get credentials at once; the rest are reviewed by our
          team within 24 hours.
        </p>
      </header>
      <Card className="shadow-xl shadow-primary/5">
        <CardHeader>
          <CardTitle>Company details</CardTitle>
          <CardDescription>Use an email address on your website’s domain for the fastest approval.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            {...form.formProps}
            onSubmit={(event) => void onSubmit(event)}
            className="grid gap-5 sm:grid-cols-2"
            aria-label="API access request"
          >
            <FormField id="api-name" label="Company Name" required errors={form.messages('name')}>
              <Input {...control('name')} autoComplete="organization" />
            </FormField>
            <FormField id="api-website" label="Website" required errors={form.messages('website')}>
              <Input {...control('website')} type="url" inputMode="url" placeholder="https://yourcompany.com" autoComplete="url" />
            </FormField>
            <FormField id="api-email" label="Business Email" required errors={form.messages('email')}>
              <Input {...control('email')} type="email" autoComplete="email" />
            </FormField>
            <FormField id="api-businessType" label="Business Type" required errors={form.messages('businessType')}>
              <Select {...control('businessType')}>
                <option value="">Select a business type</option>
                {API_ACCESS_BUSINESS_TYPES.map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="api-contactName" label="Contact Name" required errors={form.messages('contactName')}>
              <Input {...control('contactName')} autoComplete="name" />
            </FormField>
            <FormField id="api-contactPhone" label="Contact Phone" errors={form.messages('contactPhone')}>
              <Input {...control('contactPhone')} type="tel" autoComplete="tel" />
            </FormField>
            <FormField id="api-taxId" label="Tax ID" errors={form.messages('taxId')}>
              <Input {...control('taxId')} />
            </FormField>
            <div className="sm:col-span-2">
              {form.formMessage && (
                <p role="alert" className="mb-3 text-sm font-medium text-destructive">
                  {form.formMessage}
                </p>
              )}
              <Button type="submit" size="lg" className="w-full" disabled={application.isPending}>
                {application.isPending ? (
                  <>
                    <Loader2 className="animate-spin" aria-hidden="true" />
                    Verifying...
                  </>
                ) : (
                  'Request API Access'
                )}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}

function Outcome({ result, onRestart }: { result: ApiAccessResponse; onRestart: () => void }): ReactElement {
  if (result.status === 'approved' && result.credentials) {
    return (
      <section aria-labelledby="outcome-heading">
        <h1 id="outcome-heading" className="flex items-center gap-3 text-3xl font-bold tracking-tight">
          <CheckCircle2 className="size-8 text-success" aria-hidden="true" />
          API Access Approved!
        </h1>
        <p className="mt-3 text-muted-foreground">
          {result.company.name} passed our automated verification (risk score {result.company.riskScore}). {result.message}
        </p>
        <CredentialsCard credentials={result.credentials} />
      </section>
    );
  }
  if (result.status === 'pending_review') {
    return (
      <section aria-labelledby="outcome-heading">
        <h1 id="outcome-heading" className="flex items-center gap-3 text-3xl font-bold tracking-tight">
          <Clock className="size-8 text-primary" aria-hidden="true" />
          Application Under Review
        </h1>
        <p className="mt-3 text-muted-foreground">{result.message}</p>
        <Card className="mt-6 p-6">
          <h2 className="font-semibold">What happens next</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            {(result.nextSteps ?? []).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-medium">Company ID</dt>
              <dd className="font-mono break-all text-muted-foreground">{result.company.id}</dd>
            </div>
            <div>
              <dt className="font-medium">Risk Score</dt>
              <dd className={riskColour(result.company.riskScore)}>{result.company.riskScore}/100</dd>
            </div>
            <div>
              <dt className="font-medium">Estimated Review Time</dt>
              <dd className="text-muted-foreground">{result.estimatedReviewTime}</dd>
            </div>
          </dl>
        </Card>
        <Button variant="outline" className="mt-6" onClick={onRestart}>
          Submit another application
        </Button>
      </section>
    );
  }
  return (
    <section aria-labelledby="outcome-heading">
      <h1 id="outcome-heading" className="flex items-center gap-3 text-3xl font-bold tracking-tight">
        <XCircle className="size-8 text-destructive" aria-hidden="true" />
        Application Not Approved
      </h1>
      <Card className="mt-6 p-6">
        <h2 className="font-semibold">Reason</h2>
        <p className="mt-1 text-sm text-muted-foreground">{result.reason || API_ACCESS_MESSAGES.REJECTED_FALLBACK}</p>
        {result.appeal && (
          <>
            <h2 className="mt-5 font-semibold">Appeal process</h2>
            <p className="mt-1 text-sm text-muted-foreground">{result.appeal.process}</p>
            <p className="mt-3 flex items-center gap-2 text-sm">
              <Mail className="size-4 text-primary" aria-hidden="true" />
              Contact:{' '}
              <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${result.appeal.email}`}>
                {result.appeal.email}
              </a>
            </p>
          </>
        )}
        <p className="mt-5 text-xs text-muted-foreground">Company ID: {result.company.id}</p>
      </Card>
      <Button variant="outline" className="mt-6" onClick={onRestart}>
        Submit another application
      </Button>
    </section>
  );
}

/** The credentials with a show/hide toggle for the secrets; they are never fetched again, so the warning matters. */
function CredentialsCard({ credentials }: { credentials: ApiCredentials }): ReactElement {
  const [visible, setVisible] = useState(false);
  const rows: Array<{ label: string; value: string; secret: boolean }> = [
    { label: 'API Key', value: credentials.apiKey, secret: false },
    { label: 'Secret Key', value: credentials.secretKey, secret: true },
  ];
  return (
    <Card className="mt-6 p-6">
      <div
        role="alert"
        className="flex gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          These credentials are shown only once. Store the secret key somewhere safe now: PayMarket keeps only a hash of the secret key and
          cannot show it again. Each webhook endpoint you register gets its own signing secret.
        </p>
      </div>
      <div className="mt-5 flex items-center justify-between">
        <h2 className="flex items-center gap-2 font-semibold">
          <KeyRound className="size-4 text-primary" aria-hidden="true" />
          Your API credentials
        </h2>
        <Button variant="outline" size="sm" onClick={() => setVisible((v) => !v)} aria-pressed={visible}>
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {visible ? 'Hide secrets' : 'Show secrets'}
        </Button>
      </div>
      <dl className="mt-4 space-y-4 text-sm">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="font-medium">{row.label}</dt>
            <dd className="mt-1 rounded-md bg-muted px-3 py-2 font-mono break-all" data-testid={`credential-${row.label}`}>
              {row.secret && !visible ? '•'.repeat(32) : row.value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * The emailed one-time link of an administrator's approval. Opening the page sends nothing: a click is needed, so a
 * mail scanner that prefetches links cannot use it up (ADR 0027).
 */
function CredentialsLink({ companyId, token }: { companyId: string; token: string }): ReactElement {
  const [, setParams] = useSearchParams();
  const [revealed, setRevealed] = useState<RevealCredentialsResponse | null>(null);
  const reveal = useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/api-access/credentials', { companyId, token })).json()) as RevealCredentialsResponse,
    onSuccess: (response) => {
      setRevealed(response);
      toast({ title: 'Credentials Issued', description: 'Copy them now: they are shown only once.' });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Link Not Valid', description: apiErrorMessage(error, 'This link could not be used.') }),
  });

  if (revealed) {
    return (
      <section aria-labelledby="outcome-heading">
        <h1 id="outcome-heading" className="flex items-center gap-3 text-3xl font-bold tracking-tight">
          <CheckCircle2 className="size-8 text-success" aria-hidden="true" />
          API Access Approved!
        </h1>
        <p className="mt-3 text-muted-foreground">Here are the API credentials of {revealed.company.name}.</p>
        <CredentialsCard credentials={revealed.credentials} />
      </section>
    );
  }
  return (
    <Card className="p-6">
      <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight">
        <ShieldCheck className="size-7 text-primary" aria-hidden="true" />
        Get your API credentials
      </h1>
      <p className="mt-3 text-muted-foreground">
        Your company was approved for API access. This link works once: the secret key is shown a single time, so have a safe place ready to
        store it.
      </p>
      {reveal.isError && (
        <p className="mt-4 text-sm text-destructive" role="alert">
          {apiErrorMessage(reveal.error, 'This link could not be used.')}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={() => reveal.mutate()} disabled={reveal.isPending}>
          {reveal.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
          Show my credentials
        </Button>
        <Button variant="outline" onClick={() => setParams({}, { replace: true })}>
          Start a new application
        </Button>
      </div>
    </Card>
  );
}
