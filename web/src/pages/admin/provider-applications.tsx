import type { ProviderApplicationView } from '@paymarket/contracts';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { Check, Loader2, X } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { YEARS_IN_BUSINESS } from '@/lib/contracts-light';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';

export const PENDING_APPLICATIONS_PATH = '/api/admin/provider-applications?status=pending';

function yearsLabel(value: string): string {
  return YEARS_IN_BUSINESS.find((y) => y.value === value)?.label ?? value;
}

/** Admin dashboard section: pending print provider applications, approved or rejected with a note. */
export function ProviderApplicationsSection(): ReactElement {
  const query = useQuery<{ applications: ProviderApplicationView[] }>({ queryKey: [PENDING_APPLICATIONS_PATH] });
  const applications = query.data?.applications ?? [];
  return (
    <section aria-labelledby="provider-applications-heading" className="mt-10">
      <div className="flex items-center gap-3">
        <h2 id="provider-applications-heading" className="text-2xl font-bold tracking-tight">
          Provider applications
        </h2>
        {query.data && <Badge variant="secondary">{applications.length} pending</Badge>}
      </div>
      {query.isLoading ? (
        <p className="mt-4 flex items-center gap-2 text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading applications...
        </p>
      ) : query.isError ? (
        <p className="mt-4 text-destructive" role="alert">
          {apiErrorMessage(query.error, 'The applications could not be loaded.')}
        </p>
      ) : applications.length === 0 ? (
        <Card className="mt-4 p-6 text-muted-foreground">No applications are waiting for review.</Card>
      ) : (
        <ul className="mt-4 space-y-4">
          {applications.map((application) => (
            <li key={application.id}>
              <ApplicationCard application={application} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ApplicationCard({ application }: { application: ProviderApplicationView }): ReactElement {
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: async (decision: 'approve' | 'reject') =>
      (await (
        await apiRequest('POST', `/api/admin/provider-applications/${application.id}/${decision}`, note.trim() ? { note: note.trim() } : {})
      ).json()) as ProviderApplicationView,
    onSuccess: async (decided) => {
      toast({
        title: decided.status === 'approved' ? 'Application Approved' : 'Application Rejected',
        description:
          decided.status === 'approved'
            ? `${decided.businessName} is now a print provider. The applicant has been emailed.`
            : `${decided.businessName} was rejected. The applicant has been emailed.`,
      });
      await client.invalidateQueries({ queryKey: [PENDING_APPLICATIONS_PATH] });
      await client.invalidateQueries({ queryKey: ['/api/print-providers'] });
    },
    onError: (error, decision) => {
      toast({
        variant: 'destructive',
        title: decision === 'approve' ? 'Approval Failed' : 'Rejection Failed',
        description: apiErrorMessage(error, decision === 'approve' ? 'Approval failed' : 'Rejection failed'),
      });
    },
  });
  const noteId = `note-${application.id}`;
  return (
    <Card className="p-6" role="article" aria-label={`Application from ${application.businessName}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold">{application.businessName}</h3>
          <p className="text-sm text-muted-foreground">
            {application.contactName} · {application.email} · {application.phone}
          </p>
        </div>
        <span className="text-xs text-muted-foreground">Applied {new Date(application.createdAt).toLocaleDateString()}</span>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium">Stripe account</dt>
          <dd className="font-mono text-muted-foreground">{application.stripeConnectId}</dd>
        </div>
        <div>
          <dt className="font-medium">Years in business</dt>
          <dd className="text-muted-foreground">{yearsLabel(application.yearsInBusiness)}</dd>
        </div>
        <div>
          <dt className="font-medium">Address</dt>
          <dd className="text-muted-foreground">{application.businessAddress}</dd>
        </div>
        <div>
          <dt className="font-medium">Service area · Turnaround</dt>
          <dd className="text-muted-foreground">
            {application.serviceArea} · {application.turnaroundTime}
          </dd>
        </div>
        {application.website && (
          <div>
            <dt className="font-medium">Website</dt>
            <dd className="text-muted-foreground">{application.website}</dd>
          </div>
        )}
        <div className="sm:col-span-2">
          <dt className="font-medium">Print capabilities</dt>
          <dd className="whitespace-pre-line text-muted-foreground">{application.printCapabilities}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium">Portfolio</dt>
          <dd className="whitespace-pre-line text-muted-foreground">{application.portfolioDescription}</dd>
        </div>
      </dl>
      <div className="mt-4 space-y-2">
        <Label htmlFor={noteId}>Note to the applicant</Label>
        <Textarea
          id={noteId}
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          disabled={decide.isPending}
          maxLength={1000}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={() => decide.mutate('approve')} disabled={decide.isPending}>
          {decide.isPending && decide.variables === 'approve' ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Check aria-hidden="true" />
          )}
          Approve
        </Button>
        <Button variant="destructive" onClick={() => decide.mutate('reject')} disabled={decide.isPending}>
          {decide.isPending && decide.variables === 'reject' ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <X aria-hidden="true" />
          )}
          Reject
        </Button>
      </div>
    </Card>
  );
}
