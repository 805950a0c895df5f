import type { RegisterBuyerDto, RegisterBuyerResponse, SignedInBuyer } from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeDollarSign, CheckCircle2, ClipboardList, CreditCard, Globe2, Loader2, Package, ShieldCheck } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/forms/use-contract-form';
import { SESSION_QUERY_KEY, useSession } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { formatUsd, PROVIDER_PLATFORM_FEE_PERCENT, TRANSACTION_FEE } from '@/lib/pricing';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

type BuyerForm = Record<'name' | 'email' | 'company' | 'businessType' | 'expectedVolume' | 'requirements', string>;

const EMPTY_FORM: BuyerForm = { name: '', email: '', company: '', businessType: '', expectedVolume: '', requirements: '' };

const BUSINESS_TYPES = ['E-commerce store', 'Retail business', 'Marketing agency', 'Event organiser', 'Non-profit', 'Individual', 'Other'];
const EXPECTED_VOLUMES = ['1-10 orders / month', '11-50 orders / month', '51-200 orders / month', '200+ orders / month'];

const BENEFITS = [
  {
    icon: Globe2,
    title: 'Universal Access',
    text: 'Order from print providers and sellers anywhere, no matter which platform they use.',
  },
  {
    icon: ShieldCheck,
    title: 'Security Features',
    text: 'Card payments are processed by Stripe and paid straight to the provider. PayMarket never holds your funds.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Transparent Pricing',
    text: `A flat ${formatUsd(TRANSACTION_FEE.usd)} fee per completed transaction. Providers pay a ${PROVIDER_PLATFORM_FEE_PERCENT}% platform fee.`,
  },
] as const;

// Marketing figures as published in the product description.
const CLAIMS = [
  { value: '10K+', label: 'Active Buyers' },
  { value: '500+', label: 'Print Providers' },
  { value: '50+', label: 'Countries' },
  { value: '99.9%', label: 'Uptime' },
] as const;

/** Optional fields left blank are omitted rather than sent as empty strings. */
function toPayload(form: BuyerForm): Partial<BuyerForm> {
  return Object.fromEntries(Object.entries(form).filter(([key, value]) => key === 'name' || key === 'email' || value.trim() !== ''));
}

/** What a signed-in buyer sees instead of the form: who they are and where to go next. */
function SignedInCard({ buyer }: { buyer: SignedInBuyer }): ReactElement {
  const next = [
    { to: '/buyer-requests', label: 'Post a request', icon: ClipboardList },
    { to: '/payment', label: 'Make a payment', icon: CreditCard },
    { to: '/orders', label: 'Your orders', icon: Package },
  ] as const;
  return (
    <Card className="self-start shadow-xl shadow-primary/5">
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
            You&apos;re signed in
          </span>
        </CardTitle>
        <CardDescription>
          Signed in as {buyer.name} ({buyer.email}). Your account is ready: post a project request or pay a provider.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-3">
          {next.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Button asChild variant="outline" className="w-full">
                <Link to={to}>
                  <Icon aria-hidden="true" />
                  {label}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function JoinPage(): ReactElement {
  const client = useQueryClient();
  const { buyer } = useSession();
  const form = useContractForm<BuyerForm, 'RegisterBuyerDto'>({
    dto: 'RegisterBuyerDto',
    idPrefix: 'buyer',
    defaultValues: EMPTY_FORM,
    toPayload,
  });

  const registration = useMutation({
    mutationFn: async (payload: RegisterBuyerDto) =>
      (await (await apiRequest('POST', '/api/register-buyer', payload)).json()) as RegisterBuyerResponse,
    onSuccess: (result, payload) => {
      // The answer set the session cookie: the buyer is signed in from here on.
      client.setQueryData(SESSION_QUERY_KEY, { buyer: result.buyer });
      toast({
        title: 'Registration Successful!',
        description: `Welcome to PayMarket, ${payload.name}! You can now order from print providers.`,
      });
      form.reset();
    },
    onError: (error) => {
      form.showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Registration Failed',
        description: apiErrorMessage(error, 'Unable to complete registration'),
      });
    },
  });

  const onSubmit = form.handleSubmit((payload) => registration.mutate(payload));

  const control = (name: keyof BuyerForm) => ({ ...form.field(name), disabled: registration.isPending });

  return (
    <div className="bg-gradient-to-b from-indigo-50 via-background to-background">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-[1fr_1.1fr]">
        <section aria-labelledby="join-heading">
          <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">For buyers</p>
          <h1 id="join-heading" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Join the universal print marketplace
          </h1>
          <p className="mt-4 max-w-lg text-lg text-muted-foreground">
            One free account to order from print providers and sellers, pay securely by card and post your project requests.
          </p>

          <ul className="mt-8 space-y-5">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h2 className="font-semibold">{title}</h2>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>

          <dl className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-2">
            {CLAIMS.map(({ value, label }) => (
              <div key={label} className="flex flex-col-reverse rounded-xl border border-border bg-card p-4 text-center shadow-xs">
                <dt className="mt-1 text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-bold text-primary">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        {buyer ? (
          <SignedInCard buyer={buyer} />
        ) : (
          <Card className="self-start shadow-xl shadow-primary/5">
            <CardHeader>
              <CardTitle>Create Your Account</CardTitle>
              <CardDescription>It takes a minute. Fields marked * are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <form {...form.formProps} onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Buyer registration">
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField id="buyer-name" label="Full Name" required errors={form.messages('name')}>
                    <Input {...control('name')} autoComplete="name" placeholder="Jane Doe" />
                  </FormField>
                  <FormField id="buyer-email" label="Email Address" required errors={form.messages('email')}>
                    <Input {...control('email')} type="email" autoComplete="email" placeholder="jane@company.com" />
                  </FormField>
                </div>
                <FormField id="buyer-company" label="Company" errors={form.messages('company')}>
                  <Input {...control('company')} autoComplete="organization" placeholder="Your company (optional)" />
                </FormField>
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField id="buyer-businessType" label="Business Type" errors={form.messages('businessType')}>
                    <Select {...control('businessType')}>
                      <option value="">Select a type</option>
                      {BUSINESS_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField id="buyer-expectedVolume" label="Expected Volume" errors={form.messages('expectedVolume')}>
                    <Select {...control('expectedVolume')}>
                      <option value="">Select a volume</option>
                      {EXPECTED_VOLUMES.map((volume) => (
                        <option key={volume} value={volume}>
                          {volume}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                </div>
                <FormField id="buyer-requirements" label="Requirements" errors={form.messages('requirements')}>
                  <Textarea {...control('requirements')} rows={4} placeholder="What do you usually need printed?" />
                </FormField>
                {form.formMessage && (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {form.formMessage}
                  </p>
                )}
                <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
                  {registration.isPending ? (
                    <>
                      <Loader2 className="animate-spin" aria-hidden="true" />
                      Creating Account...
                    </>
                  ) : (
                    'Join PayMarket'
                  )}
                </Button>
                <p className="text-center text-xs text-muted-foreground">
                  By joining you confirm you are 18 or older and accept our{' '}
                  <Link to="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
                    privacy policy
                  </Link>
                  .
                </p>
              </form>
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
