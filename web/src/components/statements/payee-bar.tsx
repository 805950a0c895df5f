import type { SignedInPayee } from '@paymarket/contracts';
import { LogOut } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { usePayeeSignOut } from '@/hooks/use-payee-session';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage } from '@/lib/queryClient';

/** Who is signed in to the dashboards, a way back to the list of profiles (when there are several), and sign-out. */
export function PayeeBar({ payee }: { payee: SignedInPayee }): ReactElement {
  const signOut = usePayeeSignOut();
  const profiles = payee.sellers.length + payee.providers.length;
  const end = () =>
    signOut.mutate(undefined, {
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Sign-out failed', description: apiErrorMessage(error, 'Please try again.') }),
    });
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-secondary px-4 py-3 text-sm">
      <p role="status">
        Signed in as <span className="font-medium">{payee.email}</span>
        {profiles > 1 && (
          <>
            {' · '}
            <Link to="/dashboard" className="font-medium text-primary underline">
              All your dashboards
            </Link>
          </>
        )}
      </p>
      <Button size="sm" variant="outline" disabled={signOut.isPending} onClick={end}>
        <LogOut aria-hidden="true" />
        {signOut.isPending ? 'Signing out...' : 'Sign out'}
      </Button>
    </div>
  );
}
