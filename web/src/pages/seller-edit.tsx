import type { SellerProfile, UpdateSellerDto } from '@paymarket/contracts';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Loader2, Lock } from 'lucide-react';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LostEditLink } from '@/components/catalog/lost-edit-link';
import { PayoutAccountField, payoutAccountProblem } from '@/components/catalog/payout-account-field';
import { getSellerToken, sellerRequest, storeSellerToken } from '@/components/catalog/seller-auth';
import { useAccountValidation } from '@/components/catalog/use-account-validation';
import { SHOWCASE_PATH } from '@/components/catalog/use-showcase';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { SELLER_EDIT_CATEGORIES } from '@/lib/contracts-light';
import { apiErrorMessage, apiRequest, errorStatus } from '@/lib/queryClient';

type Field =
  'businessName' | 'sellerName' | 'email' | 'phone' | 'category' | 'description' | 'products' | 'pricing' | 'location' | 'website';
type EditForm = Record<Field | 'stripeAccountId', string> & { removeAccount: boolean };

const AUTH_REQUIRED = 'Authentication required. Only the seller who registered this profile can edit it.';
const NO_PERMISSION = "You don't have permission to edit this profile. Only the seller who registered can make changes.";

function formOf(seller: SellerProfile): EditForm {
  return {
    stripeAccountId: '',
    removeAccount: false,
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
function toPayload({ stripeAccountId, removeAccount, ...profile }: EditForm): Record<string, string> {
  if (removeAccount) return { ...profile, stripeAccountId: '' };
  return stripeAccountId.trim() === '' ? profile : { ...profile, stripeAccountId };
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
  const form = useContractForm<EditForm, 'UpdateSellerDto'>({
    dto: 'UpdateSellerDto',
    idPrefix: 'edit',
    defaultValues: formOf(seller),
    toPayload,
  });
  const [stripeAccountId, removeAccount] = form.watch(['stripeAccountId', 'removeAccount']);
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
      form.showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Update Failed',
        description: apiErrorMessage(error, 'Failed to update profile. Please try again.'),
      });
    },
  });

  const onSubmit = form.handleSubmit((profile) => {
    const problem = removeAccount ? null : payoutAccountProblem(stripeAccountId, account);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    save.mutate(profile);
  });

  const control = (name: Field) => ({ ...form.field(name), disabled: save.isPending });

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
        <form {...form.formProps} onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Edit seller profile">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="edit-businessName" label="Business Name" required errors={form.messages('businessName')}>
              <Input {...control('businessName')} />
            </FormField>
            <FormField id="edit-sellerName" label="Seller Name" required errors={form.messages('sellerName')}>
              <Input {...control('sellerName')} />
            </FormField>
            <FormField id="edit-email" label="Email" required errors={form.messages('email')}>
              <Input {...control('email')} type="email" />
            </FormField>
            <FormField id="edit-phone" label="Phone" required errors={form.messages('phone')}>
              <Input {...control('phone')} type="tel" />
            </FormField>
            <FormField id="edit-category" label="Category" required errors={form.messages('category')}>
              <Select {...control('category')}>
                <option value="">Select a category</option>
                {categories.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="edit-location" label="Location" required errors={form.messages('location')}>
              <Input {...control('location')} />
            </FormField>
          </div>
          <FormField id="edit-website" label="Website" errors={form.messages('website')}>
            <Input {...control('website')} />
          </FormField>
          <FormField id="edit-description" label="Description" required errors={form.messages('description')}>
            <Textarea {...control('description')} rows={4} />
          </FormField>
          <FormField id="edit-products" label="Products & Services" required errors={form.messages('products')}>
            <Textarea {...control('products')} rows={3} />
          </FormField>
          <FormField id="edit-pricing" label="Pricing" required errors={form.messages('pricing')}>
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
                control={form.field('stripeAccountId')}
                state={account}
                errors={form.messages('stripeAccountId')}
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
                <input type="checkbox" {...form.register('removeAccount')} disabled={save.isPending} className="size-4 accent-primary" />
                Remove my payout account (buyers can no longer pay me on the Payment page)
              </label>
            )}
          </div>
          {form.formMessage && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {form.formMessage}
            </p>
          )}
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
