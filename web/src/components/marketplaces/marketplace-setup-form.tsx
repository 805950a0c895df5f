import type { SetupMarketplaceResponse } from '@paymarket/contracts';
import { useMutation } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { MARKETPLACE_FEE_DEFAULTS, MARKETPLACE_MESSAGES } from '@/lib/contracts-light';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

type TextField =
  | 'companyName'
  | 'marketplaceDomain'
  | 'contactEmail'
  | 'adminEmail'
  | 'businessType'
  | 'expectedVolume'
  | 'transactionFee'
  | 'platformFee'
  | 'description';
type FlagField = 'customBranding' | 'whiteLabel' | 'apiAccess' | 'customFees';
type MarketplaceForm = Record<TextField, string> & Record<FlagField, boolean>;

// Spec §3 defaults.
const EMPTY_FORM: MarketplaceForm = {
  companyName: '',
  marketplaceDomain: '',
  contactEmail: '',
  adminEmail: '',
  businessType: '',
  expectedVolume: '',
  customBranding: true,
  whiteLabel: false,
  apiAccess: false,
  customFees: false,
  transactionFee: MARKETPLACE_FEE_DEFAULTS.transactionFee,
  platformFee: MARKETPLACE_FEE_DEFAULTS.platformFee,
  description: '',
};

const BUSINESS_TYPES = ['Print marketplace', 'E-commerce platform', 'Design platform', 'Print-on-demand', 'Agency', 'Other'];
const EXPECTED_VOLUMES = [
  'Under 100 transactions / month',
  '100-1,000 transactions / month',
  '1,000-10,000 transactions / month',
  '10,000+ transactions / month',
];

const FLAGS: Array<{ name: FlagField; label: string; hint: string }> = [
  { name: 'customBranding', label: 'Custom branding', hint: 'Your logo and colours on the checkout.' },
  { name: 'whiteLabel', label: 'White label', hint: 'Hide PayMarket branding entirely.' },
  { name: 'apiAccess', label: 'API access', hint: 'Call the REST API from your servers.' },
  { name: 'customFees', label: 'Custom fees', hint: 'Set your own transaction and platform fees.' },
];

const REQUIRED: ReadonlySet<TextField> = new Set(['companyName', 'marketplaceDomain', 'contactEmail', 'adminEmail']);

/** Blank optional text is left out; the fee fields are sent only when customFees is on. */
function toPayload(form: MarketplaceForm): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form) as Array<[keyof MarketplaceForm, string | boolean]>) {
    if (typeof value === 'boolean') payload[key] = value;
    else if (key === 'transactionFee' || key === 'platformFee') {
      if (form.customFees) payload[key] = value;
    } else if (REQUIRED.has(key as TextField) || value.trim() !== '') payload[key] = value;
  }
  return payload;
}

export function MarketplaceSetupForm(): ReactElement {
  const form = useContractForm<MarketplaceForm, 'SetupMarketplaceDto'>({
    dto: 'SetupMarketplaceDto',
    idPrefix: 'marketplace',
    defaultValues: EMPTY_FORM,
    toPayload,
  });
  const customFees = form.watch('customFees');

  const setup = useMutation({
    mutationFn: async (payload: Record<string, unknown>) =>
      (await (await apiRequest('POST', '/api/setup-marketplace', payload)).json()) as SetupMarketplaceResponse,
    onSuccess: (response) => {
      toast({ title: 'Marketplace Setup Complete!', description: response.message });
      form.reset();
    },
    onError: (error) => {
      form.showServerErrors(error);
      toast({
        variant: 'destructive',
        title: MARKETPLACE_MESSAGES.SETUP_FAILED_TITLE,
        description: apiErrorMessage(error, MARKETPLACE_MESSAGES.SETUP_FAILED),
      });
    },
  });

  // The raw payload, not the transformed DTO: the server normalises again and the form's text is what was typed.
  const onSubmit = form.handleSubmit(() => setup.mutate(toPayload(form.getValues())));

  const control = (name: TextField) => ({ ...form.field(name), disabled: setup.isPending });

  return (
    <form {...form.formProps} onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Marketplace registration">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="marketplace-companyName" label="Company Name" required errors={form.messages('companyName')}>
          <Input {...control('companyName')} autoComplete="organization" placeholder="Acme Prints" />
        </FormField>
        <FormField id="marketplace-marketplaceDomain" label="Marketplace Domain" required errors={form.messages('marketplaceDomain')}>
          <Input {...control('marketplaceDomain')} inputMode="url" placeholder="shop.acme.com" />
        </FormField>
        <FormField id="marketplace-contactEmail" label="Contact Email" required errors={form.messages('contactEmail')}>
          <Input {...control('contactEmail')} type="email" autoComplete="email" placeholder="hello@acme.com" />
        </FormField>
        <FormField id="marketplace-adminEmail" label="Admin Email" required errors={form.messages('adminEmail')}>
          <Input {...control('adminEmail')} type="email" placeholder="admin@acme.com" />
        </FormField>
        <FormField id="marketplace-businessType" label="Business Type" errors={form.messages('businessType')}>
          <Select {...control('businessType')}>
            <option value="">Select a type</option>
            {BUSINESS_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="marketplace-expectedVolume" label="Expected Volume" errors={form.messages('expectedVolume')}>
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

      <fieldset className="space-y-3 rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Features</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {FLAGS.map(({ name, label, hint }) => (
            <label
              key={name}
              htmlFor={`marketplace-${name}`}
              className="flex cursor-pointer items-start gap-3 rounded-lg p-2 hover:bg-muted"
            >
              <input {...form.field(name)} type="checkbox" className="mt-1 size-4 accent-primary" disabled={setup.isPending} />
              <span>
                <span className="block text-sm font-medium">{label}</span>
                <span className="block text-xs text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </div>
        {customFees && (
          <div className="grid gap-5 border-t border-border pt-4 sm:grid-cols-2">
            <FormField id="marketplace-transactionFee" label="Transaction Fee ($)" errors={form.messages('transactionFee')}>
              <Input {...control('transactionFee')} inputMode="decimal" placeholder={MARKETPLACE_FEE_DEFAULTS.transactionFee} />
            </FormField>
            <FormField id="marketplace-platformFee" label="Platform Fee (%)" errors={form.messages('platformFee')}>
              <Input {...control('platformFee')} inputMode="decimal" placeholder={MARKETPLACE_FEE_DEFAULTS.platformFee} />
            </FormField>
          </div>
        )}
      </fieldset>

      <FormField id="marketplace-description" label="Description" errors={form.messages('description')}>
        <Textarea {...control('description')} rows={3} placeholder="Tell us about your marketplace (optional)" />
      </FormField>

      {form.formMessage && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {form.formMessage}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={setup.isPending}>
        {setup.isPending ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" />
            Setting Up...
          </>
        ) : (
          'Set Up Marketplace'
        )}
      </Button>
    </form>
  );
}
