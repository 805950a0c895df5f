import type { ComponentProps, ReactElement } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/utils';

/**
 * Form controls of a prerendered first view (ADR 0044): disabled until the app has hydrated them, since until then
 * what is typed would be dropped by React and a submit would be a native form post. Only for that moment they keep
 * their enabled look (index.css, `data-hydrating`), so nothing flickers; `disabled` disables them for good reasons.
 */
export function HydratedFieldset({ disabled = false, className, ...props }: ComponentProps<'fieldset'>): ReactElement {
  const hydrated = useHydrated();
  return (
    <fieldset
      {...props}
      disabled={disabled || !hydrated}
      data-hydrating={!disabled && !hydrated ? '' : undefined}
      className={cn('min-w-0', className)}
    />
  );
}
