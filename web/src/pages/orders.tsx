import type { OrderView } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';
import { LogIn, PackageOpen } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { OrderCard } from '@/components/payments/order-card';
import { ADMIN_ORDERS_KEY, ORDERS_KEY } from '@/components/payments/payments-api';
import { RefundDialog } from '@/components/payments/refund-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAdminSession, useSession } from '@/hooks/use-session';
import { apiErrorMessage, errorStatus } from '@/lib/queryClient';
import { cn } from '@/lib/utils';

/** Spec §9: five placeholders while the orders load. */
const PLACEHOLDERS = 5;

const REFUNDABLE = new Set<OrderView['status']>(['completed', 'partially_refunded']);

function Placeholders(): ReactElement {
  return (
    <ul className="space-y-4" aria-busy="true" aria-label="Loading orders">
      {Array.from({ length: PLACEHOLDERS }, (_, index) => (
        <li key={index} data-testid="order-placeholder">
          <Card className="animate-pulse p-5">
            <div className="h-4 w-1/3 rounded bg-muted" />
            <div className="mt-2 h-3 w-1/4 rounded bg-muted" />
            <div className="mt-5 grid grid-cols-4 gap-4">
              <div className="h-8 rounded bg-muted" />
              <div className="h-8 rounded bg-muted" />
              <div className="col-span-2 h-8 rounded bg-muted" />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function EmptyState(): ReactElement {
  return (
    <Card className="flex flex-col items-center gap-2 p-10 text-center">
      <PackageOpen className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No Orders Found</h2>
      <p className="text-muted-foreground">You haven&apos;t created any orders yet.</p>
      <Button asChild className="mt-3">
        <Link to="/payment">Make a Payment</Link>
      </Button>
    </Card>
  );
}

function SignInPrompt(): ReactElement {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center">
      <LogIn className="size-8 text-primary" aria-hidden="true" />
      <h2 className="text-lg font-semibold">Sign in to see your orders</h2>
      <p className="text-muted-foreground">Order History lists the orders of your buyer account.</p>
      <Button asChild>
        <Link to="/sign-in">Sign in</Link>
      </Button>
    </Card>
  );
}

function OrderList({ orders, admin }: { orders: OrderView[]; admin: boolean }): ReactElement {
  if (orders.length === 0) return <EmptyState />;
  return (
    <ul className="space-y-4" aria-label={admin ? 'All orders' : 'Your orders'}>
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard
            order={order}
            showBuyer={admin}
            actions={admin && REFUNDABLE.has(order.status) ? <RefundDialog order={order} /> : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

function BuyerOrders(): ReactElement {
  const session = useSession();
  // Signed out, there is nothing to ask: the page invites to sign in without a request that would answer 401.
  const orders = useQuery<OrderView[]>({ queryKey: ORDERS_KEY, enabled: session.buyer !== null });
  if (session.isLoading) return <Placeholders />;
  if (session.buyer === null) return <SignInPrompt />;
  if (orders.isPending) return <Placeholders />;
  if (orders.isError) {
    if (errorStatus(orders.error) === 401) return <SignInPrompt />;
    return (
      <Card role="alert" className="p-6 text-destructive">
        {apiErrorMessage(orders.error, 'Unable to load your orders. Please try again.')}
      </Card>
    );
  }
  return <OrderList orders={orders.data} admin={false} />;
}

function AllOrders(): ReactElement {
  const orders = useQuery<OrderView[]>({ queryKey: ADMIN_ORDERS_KEY });
  if (orders.isPending) return <Placeholders />;
  if (orders.isError) {
    return (
      <Card role="alert" className="p-6 text-destructive">
        {apiErrorMessage(orders.error, 'Unable to load the orders. Please try again.')}
      </Card>
    );
  }
  return <OrderList orders={orders.data} admin />;
}

export function OrdersPage(): ReactElement {
  const admin = useAdminSession();
  const isAdmin = admin.admin !== null;
  const [view, setView] = useState<'mine' | 'all' | null>(null);
  // Administrators land on every order; they can switch to their own buyer orders if they also have a buyer session.
  const current = view ?? (isAdmin ? 'all' : 'mine');

  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <PageHeader
        title="Order History"
        description="Your orders with who you paid, their status, the amount with the transaction fee, and the payment reference."
      />
      {isAdmin && (
        <div role="group" aria-label="Orders to show" className="mb-6 inline-flex rounded-lg border border-border bg-card p-1">
          {(
            [
              ['mine', 'My orders'],
              ['all', 'All orders'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={current === value}
              onClick={() => setView(value)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium',
                current === value ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {current === 'all' && isAdmin ? <AllOrders /> : <BuyerOrders />}
    </section>
  );
}
