import { RegisterSellerDto, SELLER_CATEGORIES, validateDto, type FieldErrors, type RegisterSellerResponse } from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Loader2, Store } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { PayoutAccountField, payoutAccountProblem } from '@/components/catalog/payout-account-field';
import { storeSellerToken } from '@/components/catalog/seller-auth';
import { useAccountValidation } from '@/components/catalog/use-account-validation';
import { SHOWCASE_PATH } from '@/components/catalog/use-showcase';
import { fieldErrorId, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
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
  const [form, setForm] = useState<SellerForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const account = useAccountValidation(form.stripeAccountId);
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
      setForm(EMPTY_FORM);
      setErrors({});
      setSubmitted(false);
    },
    onError: (error) => {
      submission.failed(error);
      toast({
        variant: 'destructive',
        title: 'Registration Failed',
        description: apiErrorMessage(error, 'Something went wrong. Please try again.'),
      });
    },
  });

  const update = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void => {
    const next = { ...form, [event.target.name]: event.target.value };
    setForm(next);
    if (submitted) {
      const result = validateDto(RegisterSellerDto, toPayload(next));
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    const result = validateDto(RegisterSellerDto, toPayload(form));
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const problem = payoutAccountProblem(form.stripeAccountId, account);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    registration.mutate(result.value);
  };

  const control = (name: Field) => ({
    id: `seller-${name}`,
    name,
    value: form[name],
    onChange: update,
    disabled: registration.isPending,
    'aria-invalid': errors[name] !== undefined ? true : undefined,
    'aria-describedby': errors[name] !== undefined ? fieldErrorId(`seller-${name}`) : undefined,
  });

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
          <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Seller registration">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="seller-businessName" label="Business Name" required errors={errors.businessName}>
                <Input {...control('businessName')} autoComplete="organization" placeholder="Harbour Print Works" />
              </FormField>
              <FormField id="seller-sellerName" label="Your Name" required errors={errors.sellerName}>
                <Input {...control('sellerName')} autoComplete="name" placeholder="Jane Doe" />
              </FormField>
              <FormField id="seller-email" label="Email" required errors={errors.email}>
                <Input {...control('email')} type="email" autoComplete="email" placeholder="jane@company.com" />
              </FormField>
              <FormField id="seller-phone" label="Phone" required errors={errors.phone}>
                <Input {...control('phone')} type="tel" autoComplete="tel" placeholder="+1 555 010 0100" />
              </FormField>
              <FormField id="seller-category" label="Category" required errors={errors.category}>
                <Select {...control('category')}>
                  <option value="">Select a category</option>
                  {SELLER_CATEGORIES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField id="seller-location" label="Location" required errors={errors.location}>
                <Input {...control('location')} placeholder="City, Country" />
              </FormField>
            </div>
            <FormField id="seller-description" label="Business Description" required errors={errors.description}>
              <Textarea
                {...control('description')}
                rows={4}
                placeholder="What you do, for whom, and what makes your work stand out (at least 50 characters)"
              />
            </FormField>
            <FormField id="seller-products" label="Products & Services" required errors={errors.products}>
              <Textarea {...control('products')} rows={3} placeholder="Business cards, flyers, banners…" />
            </FormField>
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="seller-pricing" label="Pricing" required errors={errors.pricing}>
                <Input {...control('pricing')} placeholder="From $29 per 250 cards" />
              </FormField>
              <FormField id="seller-website" label="Website" errors={errors.website}>
                <Input {...control('website')} type="url" autoComplete="url" placeholder="https://example.com (optional)" />
              </FormField>
            </div>
            <PayoutAccountField
              id="seller-stripeAccountId"
              value={form.stripeAccountId}
              onChange={update}
              state={account}
              errors={errors.stripeAccountId}
              disabled={registration.isPending}
            />
            <p className="rounded-lg border border-primary/20 bg-secondary/50 p-3 text-sm text-secondary-foreground">
              PayMarket charges a flat ${TRANSACTION_FEE.cad.toFixed(2)} CAD transaction fee per completed transaction. No monthly fees, no
              setup costs.
            </p>
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
