// The dialog is its own chunk, loaded when it opens: the contracts' messages come with it, as the DTOs would on focus.
import type { BuyerRequestView } from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { fieldErrorId, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { BUYER_REQUEST_MESSAGES, REQUEST_CATEGORIES, REQUEST_CATEGORY_LABELS } from '@/lib/contracts-light';
import { useSubmissionKey } from '@/lib/idempotency';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';
import { BUYER_REQUESTS_PATH } from '@/pages/requests/board-filters';
import { RequestDialog } from './dialog';
import { useSession } from '@/hooks/use-session';
import { useBuyerSignIn } from './use-buyer-session';

type RequestForm = Record<'title' | 'description' | 'category' | 'budget' | 'timeline' | 'location' | 'buyerEmail', string>;

const EMPTY_FORM: RequestForm = { title: '', description: '', category: '', budget: '', timeline: '', location: '', buyerEmail: '' };

function formOf(request: BuyerRequestView): RequestForm {
  return {
    ...EMPTY_FORM,
    title: request.title,
    description: request.description,
    category: request.category,
    budget: request.budget,
    timeline: request.timeline,
    location: request.location,
  };
}

/** Blank optional fields are left out; the category defaults to "other" on the server, which reads the email from the session. */
function payloadOf(form: RequestForm, withEmail: boolean): Record<string, string> {
  const entries = Object.entries(form).filter(([key, value]) => {
    if (key === 'buyerEmail') return withEmail;
    return key === 'title' || key === 'description' || value.trim() !== '';
  });
  return Object.fromEntries(entries);
}

function sameForm(a: RequestForm, b: RequestForm): boolean {
  return (Object.keys(EMPTY_FORM) as Array<keyof RequestForm>).every((key) => a[key] === b[key]);
}

// The post form checks the registered email too (PostBuyerRequestFormDto); the edit form has none.
const postPayload = (form: RequestForm) => payloadOf(form, true);
const editPayload = (form: RequestForm) => payloadOf(form, false);

/**
 * "Post New Request" and "Edit Request" (spec §4): the same fields, except that editing has no email. Posting needs
 * a signed-in registered buyer: a visitor's email gets a sign-in code first, and the request is posted once the
 * code is verified.
 */
export function RequestFormDialog({
  mode,
  open,
  onOpenChange,
  request,
}: {
  mode: 'post' | 'edit';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request?: BuyerRequestView;
}): ReactElement {
  const queryClient = useQueryClient();
  const session = useSession();
  const { requestCode, verifyCode } = useBuyerSignIn();
  const signedInEmail = session.buyer?.email;
  // Read when the dialog opens; signing in from inside the dialog must not reset what the buyer typed.
  const signedInEmailRef = useRef(signedInEmail);
  signedInEmailRef.current = signedInEmail;
  const form = useContractForm<RequestForm, 'PostBuyerRequestFormDto' | 'UpdateBuyerRequestDto'>({
    dto: mode === 'edit' ? 'UpdateBuyerRequestDto' : 'PostBuyerRequestFormDto',
    idPrefix: `request-${mode}`,
    defaultValues: EMPTY_FORM,
    toPayload: mode === 'edit' ? editPayload : postPayload,
  });
  const { reset, getValues } = form;
  // Read when the dialog opens (a ref, so the effect below runs on opening only).
  const submittedRef = useRef(form.formState.isSubmitted);
  submittedRef.current = form.formState.isSubmitted;
  const [codeStep, setCodeStep] = useState<{ email: string; message: string } | null>(null);
  const [code, setCode] = useState('');
  // The server's answer to a wrong or expired code, under the code field.
  const [codeError, setCodeError] = useState<string[] | undefined>();

  useEffect(() => {
    if (!open) return;
    const values = mode === 'edit' && request ? formOf(request) : { ...EMPTY_FORM, buyerEmail: signedInEmailRef.current ?? '' };
    // A form never submitted that already holds these values (the first "Post New Request") is left as it is: a reset
    // would render the whole form again before the dialog's first frame (P7).
    if (submittedRef.current || !sameForm(getValues(), values)) reset(values);
    setCodeStep(null);
    setCode('');
    setCodeError(undefined);
  }, [open, mode, request, reset, getValues]);

  // One Idempotency-Key per post: a double click or a retry of the same text is made once on the board.
  const submission = useSubmissionKey();
  const post = useMutation({
    mutationFn: async (payload: Record<string, string>) => {
      await apiRequest('POST', BUYER_REQUESTS_PATH, payload, { idempotencyKey: submission.keyFor(payload) });
    },
    onSuccess: async () => {
      submission.done();
      toast({ title: 'Request Posted Successfully', description: 'Sellers can now see your request and contact you directly.' });
      onOpenChange(false);
      await queryClient.invalidateQueries({ queryKey: [BUYER_REQUESTS_PATH] });
    },
    onError: (error) => {
      submission.failed(error);
      form.showServerErrors(error);
      toast({ variant: 'destructive', title: 'Failed to Post Request', description: apiErrorMessage(error, 'Please try again.') });
    },
  });

  const update = useMutation({
    mutationFn: async (payload: Record<string, string>) => {
      await apiRequest('PUT', `${BUYER_REQUESTS_PATH}/${request?.id ?? ''}`, payload);
    },
    onSuccess: async () => {
      toast({ title: 'Request Updated', description: 'Your request has been updated.' });
      onOpenChange(false);
      await queryClient.invalidateQueries({ queryKey: [BUYER_REQUESTS_PATH] });
    },
    onError: (error) => {
      form.showServerErrors(error);
      toast({ variant: 'destructive', title: 'Failed to Update Request', description: apiErrorMessage(error, 'Please try again.') });
    },
  });

  const pending = post.isPending || update.isPending || requestCode.isPending || verifyCode.isPending;

  const submitPost = (email: string): void => {
    if (signedInEmail && signedInEmail === email) {
      post.mutate(payloadOf(form.getValues(), false));
      return;
    }
    // Only registered buyers post: prove the email with a sign-in code, then post.
    requestCode.mutate(email, {
      onSuccess: (answer) => setCodeStep({ email, message: answer.message }),
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Failed to Post Request', description: apiErrorMessage(error, 'Please try again.') });
      },
    });
  };

  const submitCode = (): void => {
    if (!codeStep) return;
    verifyCode.mutate(
      { email: codeStep.email, code: code.trim() },
      {
        onSuccess: () => post.mutate(payloadOf(form.getValues(), false)),
        onError: (error) => setCodeError([apiErrorMessage(error, 'Please try again.')]),
      },
    );
  };

  /** The spec's toasts (§5) for the contract's messages: one for the required fields, else the first message. */
  const onInvalid = (messages: string[]): void => {
    if (mode === 'post') {
      if (messages.includes(BUYER_REQUEST_MESSAGES.MISSING_REQUIRED)) {
        toast({
          variant: 'destructive',
          title: BUYER_REQUEST_MESSAGES.MISSING_REQUIRED_TITLE,
          description: BUYER_REQUEST_MESSAGES.MISSING_REQUIRED_TEXT,
        });
      }
      return;
    }
    const required = messages.includes(BUYER_REQUEST_MESSAGES.EDIT_REQUIRED);
    toast({
      variant: 'destructive',
      title: required ? 'Missing Required Fields' : 'Failed to Update Request',
      description: required ? BUYER_REQUEST_MESSAGES.EDIT_REQUIRED : messages[0],
    });
  };

  const validated = form.handleSubmit(
    (payload) => {
      if (mode === 'edit') update.mutate(payloadOf(form.getValues(), false));
      else submitPost(payload.buyerEmail ?? '');
    },
    (errors) => onInvalid(Object.values(errors).flatMap((error) => (typeof error?.message === 'string' ? [error.message] : []))),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    if (codeStep) {
      event.preventDefault();
      submitCode();
    } else void validated(event);
  };

  const id = (name: string) => `request-${mode}-${name}`;
  const control = (name: keyof RequestForm) => ({ ...form.field(name), disabled: pending || codeStep !== null });

  const title = mode === 'edit' ? 'Edit Request' : 'Post New Request';
  return (
    <RequestDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        mode === 'edit'
          ? 'Update the details of your request.'
          : 'Describe your project. Only registered buyers can post requests; sellers contact you by email.'
      }
    >
      <form {...form.formProps} onSubmit={onSubmit} className="space-y-4" aria-label={title}>
        <FormField id={id('title')} label="Request Title" required errors={form.messages('title')}>
          <Input {...control('title')} placeholder="e.g. 500 business cards for a bakery" />
        </FormField>
        <FormField id={id('description')} label="Description" required errors={form.messages('description')}>
          <Textarea {...control('description')} rows={4} placeholder="Sizes, quantities, materials, anything sellers should know" />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('category')} label="Category" errors={form.messages('category')}>
            <Select {...control('category')}>
              <option value="">Select a category</option>
              {REQUEST_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {REQUEST_CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={id('budget')} label="Budget" errors={form.messages('budget')}>
            <Input {...control('budget')} placeholder="e.g. $100 - $500" />
          </FormField>
          <FormField id={id('timeline')} label="Timeline" errors={form.messages('timeline')}>
            <Input {...control('timeline')} placeholder="e.g. 2 weeks" />
          </FormField>
          <FormField id={id('location')} label="Location" errors={form.messages('location')}>
            <Input {...control('location')} placeholder="City, region" />
          </FormField>
        </div>
        {mode === 'post' && (
          <FormField id={id('buyerEmail')} label="Your Registered Email" required errors={form.messages('buyerEmail')}>
            <Input
              {...control('buyerEmail')}
              type="email"
              autoComplete="email"
              readOnly={signedInEmail !== undefined}
              placeholder="you@company.com"
            />
          </FormField>
        )}
        {codeStep && (
          <div className="space-y-3 rounded-lg border border-border bg-muted/40 p-4">
            <p className="text-sm">{codeStep.message}</p>
            <FormField id={id('code')} label="Sign-in Code" required errors={codeError}>
              <Input
                id={id('code')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                disabled={pending}
                aria-invalid={codeError !== undefined ? true : undefined}
                aria-describedby={codeError !== undefined ? fieldErrorId(id('code')) : undefined}
              />
            </FormField>
          </div>
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {mode === 'edit' ? 'Update Request' : codeStep ? 'Verify and Post Request' : 'Post Request'}
          </Button>
        </div>
      </form>
    </RequestDialog>
  );
}
