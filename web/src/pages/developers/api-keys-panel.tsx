import {
  API_KEY_ACCESS,
  CreateApiKeyDto,
  validateDto,
  type ApiKeyList,
  type ApiKeyView,
  type CreatedApiKey,
  type FieldErrors,
} from '@paymarket/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldErrorId, FormField } from '@/components/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage } from '@/lib/queryClient';
import { consoleCall, formatTime } from './console-api';

const KEYS = ['/api/v1/api-keys'];

function stateOf(key: ApiKeyView): 'revoked' | 'expiring' | 'expired' | 'active' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt) return Date.parse(key.expiresAt) > Date.now() ? 'expiring' : 'expired';
  return 'active';
}

/** A secret shown once, with a copy button. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }): ReactElement {
  return (
    <div role="alert" className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900">
      <p className="font-medium">{label}: copy it now, it is shown only once.</p>
      <code data-testid="secret-once" className="mt-2 block break-all rounded bg-white/70 p-2 font-mono">
        {secret}
      </code>
      <div className="mt-2 flex gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(secret)}>
          Copy
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  );
}

/** API keys (ADR 0037): several, full or read-only, secret shown once, roll with an overlap, revoke. */
export function ApiKeysPanel(): ReactElement {
  const client = useQueryClient();
  const keys = useQuery<ApiKeyList>({ queryKey: KEYS });
  const [name, setName] = useState('');
  const [access, setAccess] = useState<(typeof API_KEY_ACCESS)[number]>('full');
  const [overlap, setOverlap] = useState('24');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shown, setShown] = useState<CreatedApiKey | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: KEYS });
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: apiErrorMessage(error, 'Please try again.') });

  const create = useMutation({
    mutationFn: (body: CreateApiKeyDto) => consoleCall<CreatedApiKey>('POST', '/api/v1/api-keys', body),
    onSuccess: (key) => {
      setShown(key);
      setName('');
      void refresh();
    },
    onError: failed('Could not create the key'),
  });
  const roll = useMutation({
    mutationFn: (id: string) => consoleCall<CreatedApiKey>('POST', `/api/v1/api-keys/${id}/roll`, { expiresInHours: Number(overlap) }),
    onSuccess: (key) => {
      setShown(key);
      void refresh();
    },
    onError: failed('Could not roll the key'),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => consoleCall<ApiKeyView>('DELETE', `/api/v1/api-keys/${id}`),
    onSuccess: () => void refresh(),
    onError: failed('Could not revoke the key'),
  });

  const onCreate = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const result = validateDto(CreateApiKeyDto, { name, access });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    create.mutate(result.value);
  };

  return (
    <div className="space-y-6">
      {shown && <SecretOnce label={`Secret of "${shown.name}"`} secret={shown.secret} onDone={() => setShown(null)} />}
      <Card className="p-5">
        <h3 className="font-semibold">Create a key</h3>
        <form
          noValidate
          onSubmit={onCreate}
          className="mt-3 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
          aria-label="Create an API key"
        >
          <FormField id="key-name" label="Name" required errors={errors.name}>
            <Input
              id="key-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-describedby={errors.name ? fieldErrorId('key-name') : undefined}
            />
          </FormField>
          <FormField id="key-access" label="Access" errors={errors.access}>
            <Select id="key-access" value={access} onChange={(e) => setAccess(e.target.value as typeof access)}>
              <option value="full">Full access</option>
              <option value="read_only">Read-only</option>
            </Select>
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            Create key
          </Button>
        </form>
      </Card>
      <Card className="overflow-x-auto p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="font-semibold">Keys</h3>
          <label className="flex items-center gap-2 text-sm">
            When rolling, keep the old key working for
            <Select aria-label="Overlap when rolling" value={overlap} onChange={(e) => setOverlap(e.target.value)} className="w-28">
              {['0', '1', '12', '24'].map((h) => (
                <option key={h} value={h}>
                  {h} h
                </option>
              ))}
            </Select>
          </label>
        </div>
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-2">Name</th>
              <th>Access</th>
              <th>Key</th>
              <th>Created</th>
              <th>Last used</th>
              <th>State</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(keys.data?.data ?? []).map((key) => {
              const state = stateOf(key);
              return (
                <tr key={key.id} className="border-t border-border" data-testid="api-key-row">
                  <td className="py-2">{key.name}</td>
                  <td>{key.access === 'full' ? 'Full' : 'Read-only'}</td>
                  <td className="font-mono">{key.prefix ? `${key.prefix}…` : 'sk_…'}</td>
                  <td>{formatTime(key.createdAt)}</td>
                  <td>{formatTime(key.lastUsedAt)}</td>
                  <td>
                    <Badge variant={state === 'active' ? 'default' : 'secondary'}>
                      {state === 'expiring' ? `expires ${formatTime(key.expiresAt)}` : state}
                    </Badge>
                  </td>
                  <td className="space-x-2 whitespace-nowrap text-right">
                    {(state === 'active' || state === 'expiring') && (
                      <>
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          onClick={() => roll.mutate(key.id)}
                          aria-label={`Roll ${key.name}`}
                        >
                          Roll
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          variant="destructive"
                          aria-label={`Revoke ${key.name}`}
                          onClick={() => {
                            if (window.confirm(`Revoke "${key.name}"? Requests with it will be refused at once.`)) revoke.mutate(key.id);
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
        {keys.isError && <p className="mt-3 text-sm text-destructive">{apiErrorMessage(keys.error, 'Could not load the keys.')}</p>}
      </Card>
    </div>
  );
}
