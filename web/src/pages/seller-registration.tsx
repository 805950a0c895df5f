import type { RegisterSellerDto, RegisterSellerResponse } from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Loader2, Store } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { PayoutAccountField, payoutAccountProblem } from '@/components/catalog/payout-account-field';
import { storeSellerToken } from '@/components/catalog/seller-auth';
import { useAccountValidation } from '@/components/catalog/use-account-validation';
import { SHOWCASE_PATH } from '@/components/catalog/use-showcase';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { SELLER_CATEGORIES } from '@/lib/contracts-light';
import { TRANSACTION_FEE } from '@/lib/pricing';
import { useSubmissionKey } from '@/lib/idempotency';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

type Field =
  'businessName' | 'sellerName' | 'email' | 'phone' | 'category' | 'description' | 'products' | 'pricing' | 'location' | 'website';
type SellerForm = Record<Field | 'stripeAccountId', string>;
const OPTIONAL_FIELDS = new Set(['website', 'stripeAccountId']);

const EMPTY_FORM: SellerForm = {
  businessName: '',
  sellerName: '',
  email: '',
  phone: '',
  category: '',
  description: '',
  products: '',
  pricing: '',
  location: '',
  website: '',
  stripeAccountId: '',
};

/** An empty website or payout account is left out: both are optional. */
function toPayload(form: SellerForm): Partial<SellerForm> {
  return Object.fromEntries(Object.entries(form).filter(([key, value]) => !OPTIONAL_FIELDS.has(key) || value.trim() !== ''));
}

export function SellerRegistrationPage(): ReactElement {
  const queryClient = useQueryClient();
  const form = useContractForm<SellerForm, 'RegisterSellerDto'>({
    dto: 'RegisterSellerDto',
    idPrefix: 'seller',
    defaultValues: EMPTY_FORM,
    toPayload,
  });
  const stripeAccountId = form.watch('stripeAccountId');
  const account = useAccountValidation(stripeAccountId);
  // One key per submission: a retry after a lost answer registers once (and gets the seller with a new edit token).
  const submission = useSubmissionKey();

  const registration = useMutation({
    mutationFn: async (payload: RegisterSellerDto) =>
      (await (
        await apiRequest('POST', '/api/register-seller', payload, { idempotencyKey: submission.keyFor(payload) })
      ).json()) as RegisterSellerResponse,
    onSuccess: (data) => {
      submission.done();
      if (data.authToken && data.seller?.id) storeSellerToken(data.seller.id, data.authToken);
      void queryClient.invalidateQueries({ queryKey: [SHOWCASE_PATH] });
      void queryClient.invalidateQueries({ queryKey: ['/api/sellers'] });
      toast({
        title: 'Registration Successful!',
        description: 'Your seller profile has been created and is now live in the Sellers directory.',
      });
      form.reset();
    },
    onError: (error) => {
      submission.failed(error);
      form.showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Registration Failed',
        description: apiErrorMessage(error, 'Something went wrong. Please try again.'),
      });
    },
  });

  const onSubmit = form.handleSubmit((payload) => {
    // The DTO checks the id's format; whether Stripe knows the account is the live check's answer.
    const problem = payoutAccountProblem(stripeAccountId, account);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    registration.mutate(payload);
  });

  const control = (name: Field) => ({ ...form.field(name), disabled: registration.isPending });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Home
      </Link>
      <div className="mt-6 mb-8">
        <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">For sellers</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Become a Seller</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Create your public seller profile and get paid directly by buyers through PayMarket.
        </p>
      </div>
      <Card className="shadow-xl shadow-primary/5">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Store className="size-5 text-primary" aria-hidden="true" />
            Seller Profile
          </CardTitle>
          <CardDescription>Fields marked * are required.</CardDescription>
        </CardHeader>
        <CardContent>
          <form {...form.formProps} onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Seller registration">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="seller-businessName" label="Business Name" required errors={form.messages('businessName')}>
                <Input {...control('businessName')} autoComplete="organization" placeholder="Harbour Print Works" />
              </FormField>
              <FormField id="seller-sellerName" label="Your Name" required errors={form.messages('sellerName')}>
                <Input {...control('sellerName')} autoComplete="name" placeholder="Jane Doe" />
              </FormField>
              <FormField id="seller-email" label="Email" required errors={form.messages('email')}>
                <Input {...control('email')} type="email" autoComplete="email" placeholder="jane@company.com" />
              </FormField>
              <FormField id="seller-phone" label="Phone" required errors={form.messages('phone')}>
                <Input {...control('phone')} type="tel" autoComplete="tel" placeholder="+1 555 010 0100" />
              </FormField>
              <FormField id="seller-category" label="Category" required errors={form.messages('category')}>
                <Select {...control('category')}>
                  <option value="">Select a category</option>
                  {SELLER_CATEGORIES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField id="seller-location" label="Location" required errors={form.messages('location')}>
                <Input {...control('location')} placeholder="City, Country" />
              </FormField>
            </div>
            <FormField id="seller-description" label="Business Description" required errors={form.messages('description')}>
              <Textarea
                {...control('description')}
                rows={4}
                placeholder="What you do, for whom, and what makes your work stand out (at least 50 characters)"
              />
            </FormField>
            <FormField id="seller-products" label="Products & Services" required errors={form.messages('products')}>
              <Textarea {...control('products')} rows={3} placeholder="Business cards, flyers, banners… (at least 20 characters)" />
            </FormField>
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="seller-pricing" label="Pricing" required errors={form.messages('pricing')}>
                <Input {...control('pricing')} placeholder="From $29 per 250 cards" />
              </FormField>
              <FormField id="seller-website" label="Website" errors={form.messages('website')}>
                <Input {...control('website')} type="url" autoComplete="url" placeholder="https://example.com (optional)" />
              </FormField>
            </div>
            <PayoutAccountField
              id="seller-stripeAccountId"
              value={stripeAccountId}
              control={form.field('stripeAccountId')}
              state={account}
              errors={form.messages('stripeAccountId')}
              disabled={registration.isPending}
            />
            <p className="rounded-lg border border-primary/20 bg-secondary/50 p-3 text-sm text-secondary-foreground">
              PayMarket charges a flat ${TRANSACTION_FEE.cad.toFixed(2)} CAD transaction fee per completed transaction. No monthly fees, no
              setup costs.
            </p>
            {form.formMessage && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {form.formMessage}
              </p>
            )}
            <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
              {registration.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" />
                  Creating Your Profile...
                </>
              ) : (
                'Register as Seller'
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
