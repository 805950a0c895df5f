import { LogIn, LogOut, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useSession, useSignOut } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage } from '@/lib/queryClient';

/** Nav entry: "Sign in" when signed out; otherwise the buyer's name opening a menu with their email and Sign out. */
export function AccountMenu(): ReactElement | null {
  const { buyer, isLoading } = useSession();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (isLoading) return null;
  if (!buyer) {
    return (
      <Button asChild size="sm" variant="outline" className="shrink-0">
        <Link to="/sign-in">
          <LogIn aria-hidden="true" />
          Sign in
        </Link>
      </Button>
    );
  }

  return (
    <div ref={root} className="relative shrink-0">
      <Button
        size="sm"
        variant="ghost"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account: ${buyer.name}`}
        onClick={() => setOpen((v) => !v)}
      >
        <UserRound aria-hidden="true" />
        <span className="max-w-32 truncate">{buyer.name}</span>
      </Button>
      {open && (
        <div id={menuId} className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-border bg-card p-4 shadow-lg">
          <p className="text-xs text-muted-foreground">Signed in as</p>
          <p className="font-medium">{buyer.name}</p>
          <p className="truncate text-sm text-muted-foreground">{buyer.email}</p>
          <Button
            className="mt-4 w-full"
            size="sm"
            variant="outline"
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: () => {
                  setOpen(false);
                  toast({ title: 'Signed out', description: 'You are signed out of PayMarket.' });
                },
                onError: (error) =>
                  toast({ variant: 'destructive', title: 'Sign-out failed', description: apiErrorMessage(error, 'Please try again.') }),
              })
            }
          >
            <LogOut aria-hidden="true" />
            {signOut.isPending ? 'Signing out...' : 'Sign out'}
          </Button>
        </div>
      )}
    </div>
  );
}
