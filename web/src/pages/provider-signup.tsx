import type { ProviderApplicationDto } from '@paymarket/contracts';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { AccountStatus } from '@/components/catalog/account-status';
import { useAccountValidation } from '@/components/catalog/use-account-validation';
import { fieldErrorId, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { PROVIDER_APPLICATION_MESSAGES, YEARS_IN_BUSINESS } from '@/lib/contracts-light';
import { PROVIDER_PLATFORM_FEE_PERCENT } from '@/lib/pricing';
import { useSubmissionKey } from '@/lib/idempotency';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

type TextField =
  | 'businessName'
  | 'contactName'
  | 'email'
  | 'phone'
  | 'businessAddress'
  | 'website'
  | 'yearsInBusiness'
  | 'serviceArea'
  | 'printCapabilities'
  | 'turnaroundTime'
  | 'stripeConnectId'
  | 'portfolioDescription';
type ApplicationForm = Record<TextField, string> & { terms: boolean };

const EMPTY_FORM: ApplicationForm = {
  businessName: '',
  contactName: '',
  email: '',
  phone: '',
  businessAddress: '',
  website: '',
  yearsInBusiness: '',
  serviceArea: '',
  printCapabilities: '',
  turnaroundTime: '',
  stripeConnectId: '',
  portfolioDescription: '',
  terms: false,
};

const REVIEW_STEPS = [
  { title: 'Application review', text: 'Our team reviews your details within 1-2 business days.' },
  { title: 'Stripe verification', text: 'We confirm your Stripe Connect account can receive payouts.' },
  { title: 'Portfolio assessment', text: 'We look at your capabilities and past work.' },
  { title: 'Welcome email', text: 'You receive the decision, and your provider listing goes live when approved.' },
] as const;

function toPayload(form: ApplicationForm): Record<string, unknown> {
  const { website, ...rest } = form;
  return website.trim() === '' ? rest : form;
}

export function ProviderSignupPage(): ReactElement {
  const form = useContractForm<ApplicationForm, 'ProviderApplicationDto'>({
    dto: 'ProviderApplicationDto',
    idPrefix: 'provider',
    defaultValues: EMPTY_FORM,
    toPayload,
  });
  const [received, setReceived] = useState(false);
  const account = useAccountValidation(form.watch('stripeConnectId'));
  // One key per submission: a retry after a lost answer files the application once.
  const submission = useSubmissionKey();

  const application = useMutation({
    mutationFn: async (payload: ProviderApplicationDto) => {
      await apiRequest('POST', '/api/provider-applications', payload, { idempotencyKey: submission.keyFor(payload) });
    },
    onSuccess: () => {
      submission.done();
      setReceived(true);
    },
    onError: (error) => {
      submission.failed(error);
      form.showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Submission Error',
        description: apiErrorMessage(error, 'There was an error submitting your application. Please try again.'),
      });
    },
  });

  const onSubmit = form.handleSubmit((payload) => {
    if (account.status !== 'valid') {
      const [title, description] = PROVIDER_APPLICATION_MESSAGES.INVALID_STRIPE_ACCOUNT.split(': ');
      toast({ variant: 'destructive', title, description });
      return;
    }
    application.mutate(payload);
  });

  const control = (name: TextField) => ({ ...form.field(name), disabled: application.isPending });
  const termsErrors = form.messages('terms');

  if (received) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <Card className="p-8 text-center">
          <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
          <h1 className="mt-4 text-3xl font-bold">Application Received!</h1>
          <p className="mt-3 text-muted-foreground">
            Thank you for applying. Our review takes 2-3 business days, and we will email you at every step.
          </p>
          <ol className="mt-8 space-y-4 text-left">
            {REVIEW_STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <div>
                  <p className="font-medium">{step.title}</p>
                  <p className="text-sm text-muted-foreground">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <Button asChild className="mt-8">
            <Link to="/">Back to Home</Link>
          </Button>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="mb-8">
        <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">For print providers</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Become a Print Provider</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Receive orders from buyers across PayMarket, paid straight to your Stripe Connect account. Providers pay a{' '}
          {PROVIDER_PLATFORM_FEE_PERCENT}% platform fee.
        </p>
      </div>
      <Card className="shadow-xl shadow-primary/5">
        <CardHeader>
          <CardTitle>Provider Application</CardTitle>
          <CardDescription>Fields marked * are required. Review takes 2-3 business days.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            {...form.formProps}
            onSubmit={(event) => void onSubmit(event)}
            className="space-y-5"
            aria-label="Print provider application"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="provider-businessName" label="Business Name" required errors={form.messages('businessName')}>
                <Input {...control('businessName')} autoComplete="organization" />
              </FormField>
              <FormField id="provider-contactName" label="Contact Name" required errors={form.messages('contactName')}>
                <Input {...control('contactName')} autoComplete="name" />
              </FormField>
              <FormField id="provider-email" label="Email" required errors={form.messages('email')}>
                <Input {...control('email')} type="email" autoComplete="email" />
              </FormField>
              <FormField id="provider-phone" label="Phone" required errors={form.messages('phone')}>
                <Input {...control('phone')} type="tel" autoComplete="tel" />
              </FormField>
            </div>
            <FormField id="provider-businessAddress" label="Business Address" required errors={form.messages('businessAddress')}>
              <Input {...control('businessAddress')} autoComplete="street-address" />
            </FormField>
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="provider-website" label="Website" errors={form.messages('website')}>
                <Input {...control('website')} type="url" placeholder="https://example.com (optional)" />
              </FormField>
              <FormField id="provider-yearsInBusiness" label="Years in Business" required errors={form.messages('yearsInBusiness')}>
                <Select {...control('yearsInBusiness')}>
                  <option value="">Select years in business</option>
                  {YEARS_IN_BUSINESS.map((y) => (
                    <option key={y.value} value={y.value}>
                      {y.label}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField id="provider-serviceArea" label="Service Area" required errors={form.messages('serviceArea')}>
                <Input {...control('serviceArea')} placeholder="e.g. Canada and the US" />
              </FormField>
              <FormField id="provider-turnaroundTime" label="Turnaround Time" required errors={form.messages('turnaroundTime')}>
                <Input {...control('turnaroundTime')} placeholder="e.g. 3-5 business days" />
              </FormField>
            </div>
            <FormField id="provider-printCapabilities" label="Print Capabilities" required errors={form.messages('printCapabilities')}>
              <Textarea {...control('printCapabilities')} rows={3} placeholder="Presses, formats, materials, finishing…" />
            </FormField>
            <FormField id="provider-stripeConnectId" label="Stripe Connect Account ID" required errors={form.messages('stripeConnectId')}>
              <Input {...control('stripeConnectId')} placeholder="acct_..." autoComplete="off" spellCheck={false} />
            </FormField>
            <div aria-live="polite" className="-mt-3">
              <AccountStatus state={account} />
            </div>
            <FormField
              id="provider-portfolioDescription"
              label="Portfolio Description"
              required
              errors={form.messages('portfolioDescription')}
            >
              <Textarea
                {...control('portfolioDescription')}
                rows={4}
                placeholder="Notable work, clients and samples (at least 50 characters)"
              />
            </FormField>
            <div className="space-y-2">
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" {...form.field('terms')} disabled={application.isPending} className="mt-0.5 size-4 accent-primary" />
                <span>
                  I agree to the terms and conditions and the{' '}
                  <Link to="/privacy" className="text-primary underline underline-offset-4">
                    privacy policy
                  </Link>
                  .
                </span>
              </label>
              {termsErrors && (
                <p id={fieldErrorId(form.fieldId('terms'))} className="text-sm font-medium text-destructive">
                  {termsErrors[0]}
                </p>
              )}
            </div>
            {form.formMessage && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {form.formMessage}
              </p>
            )}
            <Button type="submit" size="lg" className="w-full" disabled={application.isPending}>
              {application.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" />
                  Submitting Application...
                </>
              ) : (
                'Submit Application'
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
