import type { ConsoleMeResponse } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';
import { MY_REQUESTS_PATH } from '@/components/account-menu';
import { usePayeeSession } from '@/hooks/use-payee-session';
import { useAdminSession, useSession } from '@/hooks/use-session';

// The console's session check (ADR 0040) answers `{company: null}` when signed out, never 401.
export const CONSOLE_ME_KEY = ['/api/console/me'] as const;

/** Where a signed-in person goes next, in place of a join or sign-up call-to-action. */
export interface NextStep {
  to: string;
  label: string;
  kind: 'orders' | 'requests' | 'dashboard' | 'admin' | 'console';
}

/** Everyone who may be looking at once (four separate sessions) and their next steps, buyer's first. */
export interface Viewer {
  /** True until every session check has answered: the prerendered, signed-out view stays until then. */
  isLoading: boolean;
  signedIn: boolean;
  nextSteps: NextStep[];
}

export function useViewer(): Viewer {
  const { buyer, isLoading: buyerLoading } = useSession();
  const { admin, isLoading: adminLoading } = useAdminSession();
  const { payee, isLoading: payeeLoading } = usePayeeSession();
  const consoleMe = useQuery<ConsoleMeResponse>({ queryKey: CONSOLE_ME_KEY });
  const company = consoleMe.data?.company ?? null;

  const nextSteps: NextStep[] = [];
  if (buyer) {
    nextSteps.push(
      { to: '/orders', label: 'Your orders', kind: 'orders' },
      { to: MY_REQUESTS_PATH, label: 'My requests', kind: 'requests' },
    );
  }
  if (payee) nextSteps.push({ to: '/dashboard', label: 'Your dashboard', kind: 'dashboard' });
  if (admin) nextSteps.push({ to: '/admin', label: 'Admin dashboard', kind: 'admin' });
  if (company) nextSteps.push({ to: '/developers', label: 'Developer console', kind: 'console' });
  return {
    isLoading: buyerLoading || adminLoading || payeeLoading || consoleMe.isPending,
    signedIn: nextSteps.length > 0,
    nextSteps,
  };
}
