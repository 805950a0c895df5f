import { SELLER_EDIT_CATEGORIES, UpdateSellerDto, validateDto, type FieldErrors, type SellerProfile } from '@paymarket/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Loader2, Lock } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LostEditLink } from '@/components/catalog/lost-edit-link';
import { PayoutAccountField, payoutAccountProblem } from '@/components/catalog/payout-account-field';
import { getSellerToken, sellerRequest, storeSellerToken } from '@/components/catalog/seller-auth';
import { useAccountValidation } from '@/components/catalog/use-account-validation';
import { SHOWCASE_PATH } from '@/components/catalog/use-showcase';
import { fieldErrorId, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage, apiRequest, errorStatus } from '@/lib/queryClient';

type Field =
  'businessName' | 'sellerName' | 'email' | 'phone' | 'category' | 'description' | 'products' | 'pricing' | 'location' | 'website';
type EditForm = Record<Field, string>;

const AUTH_REQUIRED = 'Authentication required. Only the seller who registered this profile can edit it.';
const NO_PERMISSION = "You don't have permission to edit this profile. Only the seller who registered can make changes.";

function formOf(seller: SellerProfile): EditForm {
  return {
    businessName: seller.businessName,
    sellerName: seller.sellerName,
    email: seller.email,
    phone: seller.phone,
    category: seller.category,
    description: seller.description,
    products: seller.products,
    pricing: seller.pricing,
    location: seller.location,
    website: seller.website ?? '',
  };
}

/**
 * ADR 0030: the account id is never sent to the browser, so the field starts empty. Empty keeps the current account,
 * "remove" sends '' (clears it), an id replaces it.
 */
function withPayoutAccount(form: EditForm, stripeAccountId: string, remove: boolean): Record<string, string> {
  if (remove) return { ...form, stripeAccountId: '' };
  return stripeAccountId.trim() === '' ? form : { ...form, stripeAccountId };
}

function BackLink(): ReactElement {
  return (
    <Link to="/sellers-showcase" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Sellers
    </Link>
  );
}

/** `?recovery=<token>` (the emailed link): traded once for a new edit token, which this browser keeps. */
function useRecovery(sellerId: string): { recovering: boolean; failed: string | null } {
  const [params, setParams] = useSearchParams();
  const recoveryToken = params.get('recovery');
  const [state, setState] = useState<{ recovering: boolean; failed: string | null }>({ recovering: recoveryToken !== null, failed: null });
  const started = useRef(false);
  useEffect(() => {
    if (!recoveryToken || started.current) return;
    started.current = true;
    apiRequest('POST', `/api/sellers/${sellerId}/recover`, { recoveryToken })
      .then(async (res) => {
        const body = (await res.json()) as { authToken: string };
        storeSellerToken(sellerId, body.authToken);
        setState({ recovering: false, failed: null });
      })
      .catch((error: unknown) => {
        setState({ recovering: false, failed: apiErrorMessage(error, 'This edit link is invalid or has expired. Request a new one.') });
      })
      .finally(() => setParams({}, { replace: true }));
  }, [recoveryToken, sellerId, setParams]);
  return state;
}

export function SellerEditPage(): ReactElement {
  const { id = '' } = useParams();
  const recovery = useRecovery(id);
  const seller = useQuery<SellerProfile>({ queryKey: ['/api/sellers', id], enabled: id !== '' });

  if (seller.isLoading || recovery.recovering) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          Loading seller profile...
        </p>
      </div>
    );
  }
  if (seller.isError || !seller.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="text-2xl font-bold">
          {errorStatus(seller.error) === 404 || !seller.error ? 'Seller not found' : 'The profile could not be loaded'}
        </h1>
        <div className="mt-4">
          <BackLink />
        </div>
      </div>
    );
  }
  const token = getSellerToken(id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <BackLink />
      {recovery.failed && (
        <p className="mt-6 rounded-lg bg-destructive/10 p-3 text-sm text-destructive" role="alert">
          {recovery.failed}
        </p>
      )}
      {token ? (
        <EditSellerForm seller={seller.data} token={token} />
      ) : (
        <>
          <Card className="mt-6 flex items-start gap-4 p-6">
            <Lock className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{NO_PERMISSION}</p>
          </Card>
          <LostEditLink sellerId={id} />
        </>
      )}
    </div>
  );
}

function EditSellerForm({ seller, token }: { seller: SellerProfile; token: string }): ReactElement {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<EditForm>(() => formOf(seller));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [stripeAccountId, setStripeAccountId] = useState('');
  const [removeAccount, setRemoveAccount] = useState(false);
  const account = useAccountValidation(removeAccount ? '' : stripeAccountId);
  // A category outside the edit list (none today) is still offered, so saving never changes it silently.
  const categories = SELLER_EDIT_CATEGORIES.some((c) => c.value === seller.category)
    ? SELLER_EDIT_CATEGORIES
    : [...SELLER_EDIT_CATEGORIES, { label: seller.category, value: seller.category as (typeof SELLER_EDIT_CATEGORIES)[number]['value'] }];

  const save = useMutation({
    mutationFn: async (profile: UpdateSellerDto) => {
      if (!token) throw new Error(`401: ${JSON.stringify({ message: AUTH_REQUIRED })}`);
      return (await (await sellerRequest('PUT', `/api/sellers/${seller.id}`, token, profile)).json()) as SellerProfile;
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData(['/api/sellers', seller.id], updated);
      await queryClient.invalidateQueries({ queryKey: [SHOWCASE_PATH] });
      toast({ title: 'Profile Updated', description: 'Your seller profile has been saved.' });
      void navigate('/sellers-showcase');
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Update Failed',
        description: apiErrorMessage(error, 'Failed to update profile. Please try again.'),
      });
    },
  });

  const update = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void => {
    const next = { ...form, [event.target.name]: event.target.value };
    setForm(next);
    if (submitted) {
      const result = validateDto(UpdateSellerDto, withPayoutAccount(next, stripeAccountId, removeAccount));
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const updateAccount = (event: ChangeEvent<HTMLInputElement>): void => {
    setStripeAccountId(event.target.value);
    if (submitted) {
      const result = validateDto(UpdateSellerDto, withPayoutAccount(form, event.target.value, removeAccount));
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    const result = validateDto(UpdateSellerDto, withPayoutAccount(form, stripeAccountId, removeAccount));
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const problem = removeAccount ? null : payoutAccountProblem(stripeAccountId, account);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    save.mutate(result.value);
  };

  const control = (name: Field) => ({
    id: `edit-${name}`,
    name,
    value: form[name],
    onChange: update,
    disabled: save.isPending,
    'aria-invalid': errors[name] !== undefined ? true : undefined,
    'aria-describedby': errors[name] !== undefined ? fieldErrorId(`edit-${name}`) : undefined,
  });

  return (
    <Card className="mt-6 shadow-xl shadow-primary/5">
      <CardHeader>
        <CardTitle>Edit Profile</CardTitle>
        {/* ADR 0045: what this seller earned, refunds and disputes, with the same edit token. */}
        <Link to={`/dashboard/seller/${seller.id}`} className="text-sm font-medium text-primary hover:underline">
          Your earnings dashboard
        </Link>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Edit seller profile">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="edit-businessName" label="Business Name" required errors={errors.businessName}>
              <Input {...control('businessName')} />
            </FormField>
            <FormField id="edit-sellerName" label="Seller Name" required errors={errors.sellerName}>
              <Input {...control('sellerName')} />
            </FormField>
            <FormField id="edit-email" label="Email" required errors={errors.email}>
              <Input {...control('email')} type="email" />
            </FormField>
            <FormField id="edit-phone" label="Phone" required errors={errors.phone}>
              <Input {...control('phone')} type="tel" />
            </FormField>
            <FormField id="edit-category" label="Category" required errors={errors.category}>
              <Select {...control('category')}>
                <option value="">Select a category</option>
                {categories.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="edit-location" label="Location" required errors={errors.location}>
              <Input {...control('location')} />
            </FormField>
          </div>
          <FormField id="edit-website" label="Website" errors={errors.website}>
            <Input {...control('website')} />
          </FormField>
          <FormField id="edit-description" label="Description" required errors={errors.description}>
            <Textarea {...control('description')} rows={4} />
          </FormField>
          <FormField id="edit-products" label="Products & Services" required errors={errors.products}>
            <Textarea {...control('products')} rows={3} />
          </FormField>
          <FormField id="edit-pricing" label="Pricing" required errors={errors.pricing}>
            <Input {...control('pricing')} />
          </FormField>
          <div className="space-y-3 rounded-lg border p-4">
            <p className="text-sm font-medium" role="status">
              {seller.payable
                ? 'Payout account connected: buyers can pay you on the Payment page.'
                : 'No payout account yet: buyers cannot pay you on the Payment page until you add one.'}
            </p>
            {!removeAccount && (
              <PayoutAccountField
                id="edit-stripeAccountId"
                value={stripeAccountId}
                onChange={updateAccount}
                state={account}
                errors={errors.stripeAccountId}
                disabled={save.isPending}
                placeholder={seller.payable ? 'acct_... (leave blank to keep your current account)' : 'acct_... (optional)'}
                idleText={
                  seller.payable
                    ? 'Enter a new account ID only to replace the current one. We check it with Stripe as you type.'
                    : 'Optional. Add your Stripe Connect account so buyers can pay you. We check it with Stripe as you type.'
                }
              />
            )}
            {seller.payable && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="removeAccount"
                  checked={removeAccount}
                  onChange={(event) => setRemoveAccount(event.target.checked)}
                  disabled={save.isPending}
                  className="size-4 accent-primary"
                />
                Remove my payout account (buyers can no longer pay me on the Payment page)
              </label>
            )}
          </div>
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={() => void navigate('/sellers-showcase')} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" />
                  Updating...
                </>
              ) : (
                'Save Changes'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
