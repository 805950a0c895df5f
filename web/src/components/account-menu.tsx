import type { SignedInAdmin, SignedInBuyer } from '@paymarket/contracts';
import { ChevronDown, ClipboardList, LayoutDashboard, LogIn, LogOut, Package, ShieldCheck, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useAdminSession, useAdminSignOut, useSession, useSignOut } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage } from '@/lib/queryClient';
import { cn } from '@/lib/utils';

/** Who is looking at the app: a buyer, an administrator, both (two separate sessions) or nobody. */
export interface Account {
  buyer: SignedInBuyer | null;
  admin: SignedInAdmin | null;
  isLoading: boolean;
}

export function useAccount(): Account {
  const { buyer, isLoading: buyerLoading } = useSession();
  const { admin, isLoading: adminLoading } = useAdminSession();
  return { buyer, admin, isLoading: buyerLoading || adminLoading };
}

/** The signed-in buyer's own requests on the board. */
export const MY_REQUESTS_PATH = '/buyer-requests?mine=1';

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground';

/** The account's links and sign-out buttons, shared by the desktop dropdown and the phone menu. */
export function AccountItems({ account, onDone }: { account: Account; onDone?: () => void }): ReactElement {
  const signOut = useSignOut();
  const adminSignOut = useAdminSignOut();
  const { buyer, admin } = account;

  const endBuyer = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        onDone?.();
        toast({ title: 'Signed out', description: 'You are signed out of PayMarket.' });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Sign-out failed', description: apiErrorMessage(error, 'Please try again.') }),
    });
  const endAdmin = () =>
    adminSignOut.mutate(undefined, {
      onSuccess: () => {
        onDone?.();
        toast({ title: 'Logged out', description: 'Your administrator session has ended.' });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Logout Failed', description: apiErrorMessage(error, 'Please try again.') }),
    });

  return (
    <div className="space-y-3">
      {buyer && (
        <section aria-label="Buyer account">
          <div className="px-3 pb-2">
            <p className="text-xs text-muted-foreground">Signed in as</p>
            <p className="font-medium">{buyer.name}</p>
            <p className="truncate text-sm text-muted-foreground">{buyer.email}</p>
          </div>
          <ul>
            <li>
              <Link to="/orders" className={itemClass} onClick={onDone}>
                <Package aria-hidden="true" />
                Orders
              </Link>
            </li>
            <li>
              <Link to={MY_REQUESTS_PATH} className={itemClass} onClick={onDone}>
                <ClipboardList aria-hidden="true" />
                My requests
              </Link>
            </li>
            <li>
              <button type="button" className={itemClass} disabled={signOut.isPending} onClick={endBuyer}>
                <LogOut aria-hidden="true" />
                {signOut.isPending ? 'Signing out...' : 'Sign out'}
              </button>
            </li>
          </ul>
        </section>
      )}
      {admin && (
        <section aria-label="Administrator account" className={cn(buyer && 'border-t border-border pt-3')}>
          <div className="px-3 pb-2">
            <p className="text-xs text-muted-foreground">Administrator</p>
            <p className="truncate text-sm font-medium">{admin.email}</p>
          </div>
          <ul>
            <li>
              <Link to="/admin" className={itemClass} onClick={onDone}>
                <LayoutDashboard aria-hidden="true" />
                Admin dashboard
              </Link>
            </li>
            <li>
              <Link to="/orders" className={itemClass} onClick={onDone}>
                <Package aria-hidden="true" />
                {buyer ? 'All orders' : 'Orders'}
              </Link>
            </li>
            {!buyer && (
              <li>
                <Link to="/sign-in" className={itemClass} onClick={onDone}>
                  <LogIn aria-hidden="true" />
                  Sign in as a buyer
                </Link>
              </li>
            )}
            <li>
              <button type="button" className={itemClass} disabled={adminSignOut.isPending} onClick={endAdmin}>
                <LogOut aria-hidden="true" />
                {adminSignOut.isPending ? 'Logging out...' : 'Log out of admin'}
              </button>
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}

/** What the account button says: the buyer's name, "Admin", or both. */
export function accountLabel({ buyer, admin }: Account): string {
  if (buyer && admin) return `${buyer.name} (admin)`;
  return buyer?.name ?? 'Admin';
}

/**
 * Desktop nav entry: "Sign in" for a visitor; otherwise the buyer's name (or "Admin") opening a small menu with the
 * account's pages and sign-out. A disclosure (button + list of links), closed by Escape, a click outside or navigation.
 */
export function AccountMenu(): ReactElement | null {
  const account = useAccount();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onMouseDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (account.isLoading) return null;
  if (!account.buyer && !account.admin) {
    return (
      <Button asChild size="sm" variant="outline" className="shrink-0">
        <Link to="/sign-in">
          <LogIn aria-hidden="true" />
          Sign in
        </Link>
      </Button>
    );
  }

  const label = accountLabel(account);
  return (
    <div ref={root} className="relative shrink-0">
      <Button
        ref={button}
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account: ${label}`}
        onClick={() => setOpen((v) => !v)}
      >
        {account.buyer ? <UserRound aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
        <span className="max-w-40 truncate">{label}</span>
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      {open && (
        <div id={menuId} className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-border bg-card p-2 shadow-lg">
          <AccountItems account={account} onDone={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
