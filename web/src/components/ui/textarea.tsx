import type { ComponentProps, ReactElement } from 'react';
import { cn } from '@/lib/utils';
import { fieldClassName } from './input';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>): ReactElement {
  return <textarea rows={rows} className={cn(fieldClassName, 'min-h-20 resize-y', className)} {...props} />;
}
