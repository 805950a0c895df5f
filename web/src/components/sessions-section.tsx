import type { AccountSession, AccountSessionList, EndedSessions } from '@paymarket/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "5 minutes ago", "yesterday": last seen is recorded once a minute, so finer than that would mislead. */
export function relativeTime(iso: string, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  for (const [unit, ms] of STEPS) if (elapsed >= ms) return RELATIVE.format(-Math.floor(elapsed / ms), unit);
  return 'just now';
}

async function deleteJson(url: string): Promise<EndedSessions> {
  return (await (await apiRequest('DELETE', url)).json()) as EndedSessions;
}

/**
 * "Sessions" (ADR 0074): where the account is signed in — device, IP, last seen, "This device" — with an End button
 * per row and "End all other sessions". Ending this device's session signs out, so it asks first; `onSignedOut` then
 * puts the page back to its signed-out state. Shared by /admin and the developer console (`endpoint`).
 */
export function SessionsSection({
  endpoint,
  onSignedOut,
  description,
}: {
  endpoint: '/api/admin/sessions' | '/api/console/sessions';
  onSignedOut: () => void;
  description: string;
}): ReactElement {
  const client = useQueryClient();
  const queryKey = [endpoint];
  const sessions = useQuery<AccountSessionList>({ queryKey });
  const [confirming, setConfirming] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey });
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: 'Session not ended', description: apiErrorMessage(error, 'Please try again.') });

  const endOne = useMutation({
    mutationFn: (id: string) => deleteJson(`${endpoint}/${encodeURIComponent(id)}`),
    onSuccess: (result) => {
      setConfirming(null);
      if (result.signedOut) {
        toast({ title: 'Signed out', description: 'You ended the session on this device.' });
        onSignedOut();
        return;
      }
      toast({ title: 'Session ended', description: 'That device is signed out.' });
      refresh();
    },
    onError: failed,
  });
  const endOthers = useMutation({
    mutationFn: () => deleteJson(endpoint),
    onSuccess: (result) => {
      toast({
        title: 'Other sessions ended',
        description: result.ended === 1 ? '1 other device is signed out.' : `${result.ended} other devices are signed out.`,
      });
      refresh();
    },
    onError: failed,
  });

  const rows = sessions.data?.sessions ?? [];
  const others = rows.filter((s) => !s.current).length;
  return (
    <section className="mt-10 space-y-4" aria-labelledby="sessions-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-xl font-semibold">
            Sessions
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <Button type="button" variant="outline" onClick={() => endOthers.mutate()} disabled={others === 0 || endOthers.isPending}>
          {endOthers.isPending ? 'Ending…' : 'End all other sessions'}
        </Button>
      </div>
      {sessions.isLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading sessions…
        </p>
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorMessage(sessions.error, 'The sessions could not be loaded.')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Where you are signed in, newest first</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Device
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  IP address
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Last seen
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  confirming={confirming === session.id}
                  pending={endOne.isPending}
                  onEnd={() => (session.current ? setConfirming(session.id) : endOne.mutate(session.id))}
                  onConfirm={() => endOne.mutate(session.id)}
                  onCancel={() => setConfirming(null)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SessionRow({
  session,
  confirming,
  pending,
  onEnd,
  onConfirm,
  onCancel,
}: {
  session: AccountSession;
  confirming: boolean;
  pending: boolean;
  onEnd: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}): ReactElement {
  const label = session.current ? 'this device' : `${session.device}, ${session.ip ?? 'unknown IP'}`;
  return (
    <tr className="border-t border-border align-top">
      <th scope="row" className="px-4 py-3 font-medium">
        {session.device}
        {session.current && (
          <Badge variant="success" className="ml-2">
            This device
          </Badge>
        )}
      </th>
      <td className="px-4 py-3">{session.ip ?? '—'}</td>
      <td className="px-4 py-3">
        <time dateTime={session.lastSeenAt} title={new Date(session.lastSeenAt).toLocaleString()}>
          {relativeTime(session.lastSeenAt)}
        </time>
      </td>
      <td className="px-4 py-3 text-right">
        {confirming ? (
          <div role="group" aria-label="Confirm signing out" className="flex flex-wrap items-center justify-end gap-2">
            <span>Ending this session signs you out here.</span>
            <Button type="button" size="sm" variant="destructive" onClick={onConfirm} disabled={pending} autoFocus>
              End and sign out
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button type="button" size="sm" variant="outline" onClick={onEnd} disabled={pending} aria-label={`End the session on ${label}`}>
            End
          </Button>
        )}
      </td>
    </tr>
  );
}
