import { useEffect, useRef, type ComponentProps, type ReactElement } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/utils';

/** Set by web/src/first-use.ts on a field pressed before hydration (a registered symbol: no import of the entry's module). */
const PRESSED = Symbol.for('paymarket.pressed');

/**
 * Form controls of a prerendered first view (ADR 0044): disabled until the app has hydrated them, since until then
 * what is typed would be dropped by React and a submit would be a native form post. Only for that moment they keep
 * their enabled look (index.css, `data-hydrating`), so nothing flickers; `disabled` disables them for good reasons.
 */
export function HydratedFieldset({ disabled = false, className, ...props }: ComponentProps<'fieldset'>): ReactElement {
  const hydrated = useHydrated();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // A field pressed while it waited (web/src/first-use.ts, `PRESSED_FIELD`) gets the focus now, unless another has it.
  useEffect(() => {
    if (!hydrated || !fieldset.current) return;
    const fields = [...fieldset.current.querySelectorAll<HTMLElement>('input, select, textarea')];
    const pressed = fields.find((field) => (field as unknown as Record<symbol, unknown>)[PRESSED] === true);
    if (!pressed) return;
    delete (pressed as unknown as Record<symbol, unknown>)[PRESSED];
    if (!disabled && (document.activeElement === null || document.activeElement === document.body)) pressed.focus();
  }, [hydrated, disabled]);
  return (
    <fieldset
      ref={fieldset}
      {...props}
      disabled={disabled || !hydrated}
      data-hydrating={!disabled && !hydrated ? '' : undefined}
      className={cn('min-w-0', className)}
    />
  );
}
