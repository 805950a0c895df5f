import { LogIn, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { AccountItems, AccountMenu, useAccount, type Account } from '@/components/account-menu';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * The bar's links: the spec's five (Providers, Integrate Market, API Access, Payment, Join) plus the marketplace's own
 * pages, which were otherwise reachable only from the home page. Join is for visitors only.
 */
export const NAV_LINKS = [
  { to: '/providers', label: 'Providers' },
  { to: '/sellers', label: 'Sellers' },
  { to: '/buyer-requests', label: 'Buyer Requests' },
  { to: '/direct-payment', label: 'Direct Payment' },
  { to: '/integrate', label: 'Integrate Market' },
  { to: '/api-access', label: 'API Access' },
  { to: '/payment', label: 'Payment' },
  // Sellers' and print providers' earnings (ADR 0047): they sign in there by emailed code, apart from buyers.
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/join', label: 'Join', visitorsOnly: true },
] as const;

function visibleLinks(account: Account) {
  const signedIn = account.isLoading || account.buyer !== null || account.admin !== null;
  return NAV_LINKS.filter((link) => !('visitorsOnly' in link) || !signedIn);
}

export function PayMarketLogo({ className }: { className?: string }): ReactElement {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M11 23V9h6.2c3 0 5 1.9 5 4.6s-2 4.6-5 4.6H14.4V23Zm3.4-7.7h2.5c1.2 0 2-.7 2-1.7s-.8-1.7-2-1.7h-2.5Z" fill="#fff" />
    </svg>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
    isActive ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  );

/**
 * Every page's top bar. From 1280 px the links sit in the bar with the account menu; below that a Menu button opens
 * a panel with the same links and the account's pages, so nothing is cut off on a phone.
 */
export function NavBar(): ReactElement {
  const account = useAccount();
  const links = visibleLinks(account);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const signedIn = account.buyer !== null || account.admin !== null;

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/85 backdrop-blur supports-[backdrop-filter]:bg-card/70">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-x-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <PayMarketLogo className="size-8" />
          <span className="text-lg font-bold tracking-tight">PayMarket</span>
          <Badge variant="success" className="gap-1.5 px-2 text-[10px] tracking-wider">
            <span className="size-1.5 animate-pulse rounded-full bg-success" aria-hidden="true" />
            LIVE
          </Badge>
        </Link>
        <ul className="ml-auto hidden items-center gap-0.5 xl:flex">
          {links.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} className={linkClass}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden xl:block">
          <AccountMenu />
        </div>
        <button
          ref={menuButton}
          type="button"
          className="ml-auto inline-flex size-10 items-center justify-center rounded-lg text-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none xl:hidden"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          aria-label="Menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </nav>
      {menuOpen && (
        <nav
          id="main-menu"
          aria-label="Main menu"
          className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-border bg-card xl:hidden"
        >
          <div className="mx-auto max-w-7xl space-y-3 px-4 py-3 sm:px-6">
            <ul className="grid gap-1 sm:grid-cols-2">
              {links.map(({ to, label }) => (
                <li key={to}>
                  <NavLink to={to} className={linkClass}>
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {!account.isLoading && (
              <div className="border-t border-border pt-3">
                {signedIn ? (
                  <AccountItems account={account} onDone={() => setMenuOpen(false)} />
                ) : (
                  <Link
                    to="/sign-in"
                    className="flex items-center gap-2 rounded-md px-2.5 py-2 text-sm font-medium text-primary hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <LogIn className="size-4" aria-hidden="true" />
                    Sign in
                  </Link>
                )}
              </div>
            )}
          </div>
        </nav>
      )}
    </header>
  );
}
