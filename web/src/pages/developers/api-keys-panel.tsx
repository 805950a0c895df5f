import type { ApiKeyList, ApiKeyView, CreatedApiKey, CreateApiKeyDto, RollApiKeyDto } from '@paymarket/contracts';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { API_KEY_ACCESS } from '@/lib/contracts-light';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/forms/use-contract-form';
import { toast } from '@/hooks/use-toast';
import { useSubmissionKey } from '@/lib/idempotency';
import { apiErrorMessage } from '@/lib/queryClient';
import { consoleCall, formatTime, OVERLAP_DEFAULT, overlapPayload, type OverlapForm } from './console-api';
import { ConsoleBadge } from './console-badge';
import { ConfirmDialog, SecretDialog } from './console-dialog';

const KEYS = ['/api/v1/api-keys'];

function stateOf(key: ApiKeyView): 'revoked' | 'expiring' | 'expired' | 'active' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt) return Date.parse(key.expiresAt) > Date.now() ? 'expiring' : 'expired';
  return 'active';
}

const STATE_LABEL = { active: 'active', expiring: 'expiring', expired: 'expired', revoked: 'revoked' } as const;

/** API keys (ADR 0037): several, full or read-only, secret shown once, roll with an overlap, revoke. */
export function ApiKeysPanel(): ReactElement {
  const client = useQueryClient();
  const keys = useQuery<ApiKeyList>({ queryKey: KEYS, staleTime: 0 });
  const form = useContractForm<{ name: string; access: (typeof API_KEY_ACCESS)[number] }, 'CreateApiKeyDto'>({
    dto: 'CreateApiKeyDto',
    idPrefix: 'key',
    defaultValues: { name: '', access: 'full' },
  });
  const [shown, setShown] = useState<{ key: CreatedApiKey; rolledFrom?: ApiKeyView; hours?: number } | null>(null);
  const [rolling, setRolling] = useState<ApiKeyView | null>(null);
  const overlap = useContractForm<OverlapForm, 'RollApiKeyDto'>({
    dto: 'RollApiKeyDto',
    idPrefix: 'roll',
    defaultValues: OVERLAP_DEFAULT,
    toPayload: overlapPayload,
  });
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: KEYS });

  // One key per submission: a retry after a lost answer makes no second key (the API answers 409 naming the first).
  const submission = useSubmissionKey();

  const create = useMutation({
    mutationFn: (body: CreateApiKeyDto) =>
      consoleCall<CreatedApiKey>('POST', '/api/v1/api-keys', body, { idempotencyKey: submission.keyFor(body) }),
    onSuccess: (key) => {
      submission.done();
      setShown({ key });
      form.reset();
      void refresh();
    },
    onError: (error) => {
      submission.failed(error);
      form.showServerErrors(error);
      toast({ variant: 'destructive', title: 'Could not create the key', description: apiErrorMessage(error, 'Please try again.') });
    },
  });
  // One key per roll: a retry after a lost answer rolls once (the API answers 409 naming the new key).
  const rollSubmission = useSubmissionKey();
  const roll = useMutation({
    mutationFn: ({ key, body }: { key: ApiKeyView; body: RollApiKeyDto }) =>
      consoleCall<CreatedApiKey>('POST', `/api/v1/api-keys/${key.id}/roll`, body, {
        idempotencyKey: rollSubmission.keyFor({ id: key.id, ...body }),
      }),
    onSuccess: (created, { key, body }) => {
      rollSubmission.done();
      setRolling(null);
      setShown({ key: created, rolledFrom: key, hours: body.expiresInHours ?? 24 });
      void refresh();
    },
    onError: (error) => {
      rollSubmission.failed(error);
      overlap.showServerErrors(error);
    },
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKeyView) => consoleCall<ApiKeyView>('DELETE', `/api/v1/api-keys/${key.id}`),
    onSuccess: (key) => {
      setRevoking(null);
      toast({ title: 'Key revoked', description: `"${key.name}" is refused from now on.` });
      void refresh();
    },
  });

  const onCreate = form.handleSubmit((body) => create.mutate(body));
  const onRoll = overlap.handleSubmit((body) => {
    if (rolling) roll.mutate({ key: rolling, body });
  });
  const rows = keys.data?.data ?? [];

  return (
    <div className="space-y-6">
      <SecretDialog
        title={shown?.rolledFrom ? `New secret of "${shown.key.name}"` : `Secret of "${shown?.key.name ?? ''}"`}
        secret={shown?.key.secret ?? null}
        note={
          shown?.rolledFrom
            ? shown.hours === 0
              ? 'The previous key stopped working now.'
              : `The previous key keeps working for ${shown.hours} h, then answers 401.`
            : undefined
        }
        onClose={() => setShown(null)}
      />
      <Card className="p-5">
        <h2 className="font-semibold">Create a key</h2>
        <form
          {...form.formProps}
          onSubmit={(event) => void onCreate(event)}
          className="mt-3 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
          aria-label="Create an API key"
        >
          <FormField id={form.fieldId('name')} label="Name" required errors={form.messages('name')}>
            <Input {...form.field('name')} maxLength={64} placeholder="Checkout server" />
          </FormField>
          <FormField id={form.fieldId('access')} label="Access" errors={form.messages('access')}>
            <Select {...form.field('access')}>
              <option value="full">Full access</option>
              <option value="read_only">Read-only (GET only)</option>
            </Select>
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            Create key
          </Button>
        </form>
      </Card>
      <Card className="overflow-x-auto p-5">
        <h2 className="font-semibold">Keys</h2>
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Your API keys, revoked ones included</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-2">
                Name
              </th>
              <th scope="col">Access</th>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((key) => {
              const state = stateOf(key);
              const usable = state === 'active' || state === 'expiring';
              return (
                <tr key={key.id} className="border-t border-border" data-testid="api-key-row">
                  <td className="py-2 pr-2">{key.name}</td>
                  <td className="pr-2">{key.access === 'full' ? 'Full' : 'Read-only'}</td>
                  <td className="pr-2 font-mono">{key.prefix ? `${key.prefix}…` : 'sk_…'}</td>
                  <td className="pr-2">{formatTime(key.createdAt)}</td>
                  <td className="pr-2">{key.lastUsedAt ? formatTime(key.lastUsedAt) : 'never'}</td>
                  <td className="pr-2">{formatTime(key.expiresAt)}</td>
                  <td className="pr-2">
                    <ConsoleBadge
                      tone={state === 'active' ? 'good' : state === 'revoked' ? 'bad' : 'neutral'}
                      title={key.revokedAt ? `Revoked ${formatTime(key.revokedAt)}` : undefined}
                    >
                      {STATE_LABEL[state]}
                    </ConsoleBadge>
                  </td>
                  <td className="space-x-2 py-2 text-right whitespace-nowrap">
                    {usable && (
                      <>
                        {state === 'active' && (
                          <Button
                            type="button"
                            size="sm"
                            variant="outline"
                            aria-label={`Roll ${key.name}`}
                            onClick={() => {
                              roll.reset();
                              overlap.reset(OVERLAP_DEFAULT);
                              setRolling(key);
                            }}
                          >
                            Roll
                          </Button>
                        )}
                        <Button
                          type="button"
                          size="sm"
                          variant="destructive"
                          aria-label={`Revoke ${key.name}`}
                          onClick={() => {
                            revoke.reset();
                            setRevoking(key);
                          }}
                        >
                          Revoke
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.length === 0 && !keys.isLoading && !keys.isError && <p className="mt-2 text-sm text-muted-foreground">No keys yet.</p>}
        {keys.isError && <p className="mt-3 text-sm text-destructive">{apiErrorMessage(keys.error, 'Could not load the keys.')}</p>}
      </Card>

      <ConfirmDialog
        open={rolling !== null}
        onOpenChange={(open) => !open && setRolling(null)}
        title={`Roll "${rolling?.name ?? ''}"`}
        description="A new key with the same name and access replaces it. Deploy the new secret before the old key stops working."
        confirmLabel="Roll key"
        pending={roll.isPending}
        error={roll.isError ? apiErrorMessage(roll.error, 'The key could not be rolled. Please try again.') : null}
        onConfirm={() => void onRoll()}
      >
        <FormField
          id={overlap.fieldId('expiresInHours')}
          label="Keep the old key working for (hours, 0–24)"
          errors={overlap.messages('expiresInHours')}
        >
          <Input {...overlap.field('expiresInHours')} type="number" min={0} max={24} step={1} inputMode="numeric" />
        </FormField>
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke "${revoking?.name ?? ''}"?`}
        description="Requests with this key are refused at once (401). This cannot be undone."
        confirmLabel="Revoke key"
        destructive
        pending={revoke.isPending}
        error={revoke.isError ? apiErrorMessage(revoke.error, 'The key could not be revoked. Please try again.') : null}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </div>
  );
}
