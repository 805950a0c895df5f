import type { ComponentProps, ReactElement } from 'react';
import { cn } from '@/lib/utils';

export const fieldClassName =
  'w-full rounded-lg border border-input bg-card px-3 py-2 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>): ReactElement {
  return <input type={type} className={cn(fieldClassName, 'h-10', className)} {...props} />;
}
