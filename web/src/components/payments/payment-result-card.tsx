import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** The spec's success card ("Payment Successful!") and failure card ("Payment Failed"). */
export function PaymentResultCard({
  outcome,
  description,
  children,
}: {
  outcome: 'success' | 'failure';
  description?: ReactNode;
  children?: ReactNode;
}): ReactElement {
  const success = outcome === 'success';
  const Icon = success ? CheckCircle2 : XCircle;
  return (
    <Card
      role={success ? 'status' : 'alert'}
      className={cn('flex flex-col items-center gap-3 p-8 text-center', success ? 'border-green-200' : 'border-red-200')}
    >
      <Icon className={cn('size-12', success ? 'text-green-600' : 'text-red-600')} aria-hidden="true" />
      <h2 className="text-2xl font-bold">{success ? 'Payment Successful!' : 'Payment Failed'}</h2>
      <p className="text-muted-foreground">
        {description ?? (success ? 'Your payment has been processed successfully.' : 'Please check your payment details and try again')}
      </p>
      {children !== undefined && <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div>}
    </Card>
  );
}
