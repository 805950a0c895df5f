import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactElement } from 'react';
import { cn } from '@/lib/utils';
import { fieldClassName } from './input';

// A styled native <select>: keyboard, screen-reader and mobile pickers work without extra code.
export function Select({ className, children, ...props }: ComponentProps<'select'>): ReactElement {
  return (
    <div className="relative">
      <select className={cn(fieldClassName, 'h-10 appearance-none pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
