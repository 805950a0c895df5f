import type { ReactElement } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { AccountMenu } from '@/components/account-menu';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export const NAV_LINKS = [
  { to: '/providers', label: 'Providers' },
  { to: '/integrate', label: 'Integrate Market' },
  { to: '/api-access', label: 'API Access' },
  { to: '/payment', label: 'Payment' },
  { to: '/join', label: 'Join' },
] as const;

export function PayMarketLogo({ className }: { className?: string }): ReactElement {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M11 23V9h6.2c3 0 5 1.9 5 4.6s-2 4.6-5 4.6H14.4V23Zm3.4-7.7h2.5c1.2 0 2-.7 2-1.7s-.8-1.7-2-1.7h-2.5Z" fill="#fff" />
    </svg>
  );
}

export function NavBar(): ReactElement {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/85 backdrop-blur supports-[backdrop-filter]:bg-card/70">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 px-4 sm:px-6 md:h-16 md:flex-nowrap">
        <Link
          to="/"
          className="flex h-14 shrink-0 items-center gap-2 rounded-md md:h-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <PayMarketLogo className="size-8" />
          <span className="text-lg font-bold tracking-tight">PayMarket</span>
          <Badge variant="success" className="gap-1.5 px-2 text-[10px] tracking-wider">
            <span className="size-1.5 animate-pulse rounded-full bg-success" aria-hidden="true" />
            LIVE
          </Badge>
        </Link>
        <ul className="-mx-2 flex w-full items-center gap-1 overflow-x-auto pb-2 md:mx-0 md:-mr-2 md:ml-auto md:w-auto md:pb-0">
          {NAV_LINKS.map(({ to, label }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    isActive ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <AccountMenu />
      </nav>
    </header>
  );
}
