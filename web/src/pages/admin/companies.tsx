import type {
  AdminCompaniesResponse,
  ApproveCompanyResponse,
  CompanyVerificationStatus,
  CompanyView,
  RiskCheck,
} from '@paymarket/contracts';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { AlertTriangle, Check, CheckCircle2, Circle, Eye, Loader2, XCircle } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { RequestDialog } from '@/components/requests/dialog';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { API_ACCESS_BUSINESS_TYPES, API_ACCESS_MESSAGES } from '@/lib/contracts-light';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';
import { cn } from '@/lib/utils';

export const COMPANIES_PATH = '/api/admin/companies';

const MAX_CHECK_ICONS = 3;

const STATUS_BADGE: Record<CompanyVerificationStatus, { label: string; variant: BadgeProps['variant'] }> = {
  approved: { label: 'Approved', variant: 'success' },
  pending: { label: 'Pending', variant: 'secondary' },
  flagged: { label: 'Flagged', variant: 'destructive' },
  rejected: { label: 'Rejected', variant: 'outline' },
};

/** Companies an administrator may approve: the ones the risk checks sent to review. */
function awaitsReview(company: CompanyView): boolean {
  return company.verificationStatus === 'flagged' || company.verificationStatus === 'pending';
}

/** Spec §4: under 30 green, under 70 yellow, otherwise red. */
export function riskScoreClass(score: number): string {
  if (score < 30) return 'text-success';
  if (score < 70) return 'text-yellow-600';
  return 'text-destructive';
}

function checkLabel(type: string): string {
  return type.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

function businessTypeLabel(value: string): string {
  return API_ACCESS_BUSINESS_TYPES.find((t) => t.value === value)?.label ?? value;
}

/** Spec §4 "Check statuses": pass, warning, fail; any other value is shown neutral. */
function CheckIcon({ check }: { check: RiskCheck }): ReactElement {
  const label = `${checkLabel(check.type)}: ${check.status} (${check.score}/100)`;
  const common = { className: 'size-4', 'aria-label': label, role: 'img' } as const;
  switch (check.status) {
    case 'pass':
      return <CheckCircle2 {...common} className="size-4 text-success" />;
    case 'warning':
      return <AlertTriangle {...common} className="size-4 text-yellow-600" />;
    case 'fail':
      return <XCircle {...common} className="size-4 text-destructive" />;
    default:
      return <Circle {...common} className="size-4 text-muted-foreground" />;
  }
}

function useApproveCompany(onApproved?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, notes }: { id: string; notes: string }) =>
      (await (
        await apiRequest('POST', `/api/admin/approve-company/${id}`, notes.trim() ? { notes: notes.trim() } : {})
      ).json()) as ApproveCompanyResponse,
    onSuccess: async (result) => {
      toast({
        title: 'Company Approved',
        description: `${result.company.name} has been approved for API access. The contact has been emailed a link to the credentials.`,
      });
      onApproved?.();
      await client.invalidateQueries({ queryKey: [COMPANIES_PATH] });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: API_ACCESS_MESSAGES.APPROVAL_FAILED_TITLE,
        description: apiErrorMessage(error, API_ACCESS_MESSAGES.APPROVAL_FAILED_FALLBACK),
      });
    },
  });
}

/** Admin dashboard section: every company application, its risk checks, and approval of the ones under review. */
export function CompaniesSection(): ReactElement {
  const query = useQuery<AdminCompaniesResponse>({ queryKey: [COMPANIES_PATH] });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const approve = useApproveCompany();
  const data = query.data;
  const selected = data?.companies.find((c) => c.id === selectedId) ?? null;
  const counts = [
    { label: 'Total', value: data?.total },
    { label: 'Approved', value: data?.approved },
    { label: 'Flagged', value: data?.flagged },
    { label: 'Pending', value: data?.pending },
    { label: 'Rejected', value: data?.rejected },
  ];
  return (
    <section aria-labelledby="companies-heading" className="mt-10">
      <h2 id="companies-heading" className="text-2xl font-bold tracking-tight">
        Company applications
      </h2>
      {query.isLoading ? (
        <p className="mt-4 flex items-center gap-2 text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading companies...
        </p>
      ) : query.isError || !data ? (
        <p className="mt-4 text-destructive" role="alert">
          {apiErrorMessage(query.error, 'The company applications could not be loaded.')}
        </p>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
            {counts.map(({ label, value }) => (
              <Card key={label} className="flex flex-col-reverse p-4 text-center">
                <dt className="mt-1 text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-bold" data-testid={`count-${label}`}>
                  {value}
                </dd>
              </Card>
            ))}
          </dl>
          {data.companies.length === 0 ? (
            <Card className="mt-4 p-6 text-muted-foreground">No company has applied for API access yet.</Card>
          ) : (
            <div className="mt-4 overflow-x-auto rounded-xl border border-border">
              <table className="w-full text-left text-sm">
                <thead className="bg-muted text-xs tracking-wide text-muted-foreground uppercase">
                  <tr>
                    {['Company', 'Contact', 'Status', 'Risk Score', 'Checks', 'Created', 'Actions'].map((h) => (
                      <th key={h} scope="col" className="px-3 py-2 font-medium">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.companies.map((company) => {
                    const shown = company.checksDetails.slice(0, MAX_CHECK_ICONS);
                    const more = company.checksDetails.length - shown.length;
                    const status = STATUS_BADGE[company.verificationStatus] ?? { label: company.verificationStatus, variant: 'outline' };
                    return (
                      <tr key={company.id} className="border-t border-border align-top">
                        <td className="px-3 py-3">
                          <div className="font-medium">{company.name}</div>
                          <div className="text-xs text-muted-foreground">{company.website}</div>
                        </td>
                        <td className="px-3 py-3">
                          <div>{company.contactName}</div>
                          <div className="text-xs text-muted-foreground">{company.email}</div>
                        </td>
                        <td className="px-3 py-3">
                          <Badge variant={status.variant}>{status.label}</Badge>
                        </td>
                        <td className={cn('px-3 py-3 font-semibold', riskScoreClass(company.riskScore))}>{company.riskScore}</td>
                        <td className="px-3 py-3">
                          <span className="flex items-center gap-1">
                            {shown.map((check) => (
                              <CheckIcon key={check.type} check={check} />
                            ))}
                            {more > 0 && <span className="text-xs text-muted-foreground">+{more}</span>}
                          </span>
                        </td>
                        <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
                          {new Date(company.createdAt).toLocaleDateString()}
                        </td>
                        <td className="px-3 py-3">
                          <div className="flex gap-2">
                            <Button
                              variant="outline"
                              size="sm"
                              onClick={() => setSelectedId(company.id)}
                              aria-label={`View ${company.name}`}
                            >
                              <Eye aria-hidden="true" />
                              View
                            </Button>
                            {awaitsReview(company) && (
                              <Button
                                size="sm"
                                onClick={() => approve.mutate({ id: company.id, notes: '' })}
                                disabled={approve.isPending}
                                aria-label={`Approve ${company.name}`}
                              >
                                <Check aria-hidden="true" />
                                Approve
                              </Button>
                            )}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {selected && <CompanyDialog company={selected} onClose={() => setSelectedId(null)} />}
    </section>
  );
}

function CompanyDialog({ company, onClose }: { company: CompanyView; onClose: () => void }): ReactElement {
  const [notes, setNotes] = useState('');
  const approve = useApproveCompany(onClose);
  const status = STATUS_BADGE[company.verificationStatus] ?? { label: company.verificationStatus, variant: 'outline' };
  const facts: Array<[string, string | null]> = [
    ['Website', company.website],
    ['Business type', businessTypeLabel(company.businessType)],
    ['Contact', company.contactName],
    ['Email', company.email],
    ['Phone', company.contactPhone],
    ['Tax ID', company.taxId],
    ['API access', company.hasApiAccess ? 'Yes' : 'No'],
    ['Created', new Date(company.createdAt).toLocaleString()],
    ['Reviewed by', company.reviewedBy],
    ['Verification notes', company.verificationNotes],
  ];
  const notesId = `company-notes-${company.id}`;
  return (
    <RequestDialog open onOpenChange={(open) => !open && onClose()} title={company.name} className="max-w-2xl">
      <div className="flex items-center gap-3">
        <Badge variant={status.variant}>{status.label}</Badge>
        <span className={cn('text-sm font-semibold', riskScoreClass(company.riskScore))}>Risk score {company.riskScore}/100</span>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="font-medium">{label}</dt>
            <dd className="break-words text-muted-foreground">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 font-semibold">Verification checks</h3>
      <ul className="mt-2 space-y-2 text-sm">
        {company.checksDetails.map((check) => (
          <li key={check.type} className="flex items-start gap-2">
            <span className="mt-0.5">
              <CheckIcon check={check} />
            </span>
            <span>
              <span className="font-medium">{checkLabel(check.type)}</span>{' '}
              <span className="text-muted-foreground">
                ({check.status}, {check.score}/100)
              </span>
              {check.detail && <span className="block text-muted-foreground">{check.detail}</span>}
            </span>
          </li>
        ))}
      </ul>
      {awaitsReview(company) && (
        <div className="mt-6 space-y-2">
          <Label htmlFor={notesId}>Approval notes</Label>
          <Textarea
            id={notesId}
            rows={3}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            maxLength={1000}
            disabled={approve.isPending}
          />
          <Button onClick={() => approve.mutate({ id: company.id, notes })} disabled={approve.isPending}>
            {approve.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
            Approve with notes
          </Button>
        </div>
      )}
    </RequestDialog>
  );
}
