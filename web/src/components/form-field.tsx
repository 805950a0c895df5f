import type { ReactElement, ReactNode } from 'react';
import { Label } from '@/components/ui/label';

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** A labelled control with its validation messages underneath; the control must set aria-describedby to fieldErrorId(id). */
export function FormField({
  id,
  label,
  required = false,
  errors,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  errors?: readonly string[];
  children: ReactNode;
}): ReactElement {
  const messages = [...new Set(errors ?? [])];
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-destructive" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {children}
      {messages.length > 0 && (
        <div id={fieldErrorId(id)} className="space-y-1">
          {messages.map((message) => (
            <p key={message} className="text-sm font-medium text-destructive">
              {message}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
