import type { ReactElement, ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';

// The shared success badge's green text is below WCAG AA contrast on its tint (axe color-contrast): darker text here.
const TONES = {
  good: { variant: 'success', className: 'text-emerald-800' },
  bad: { variant: 'destructive', className: undefined },
  neutral: { variant: 'secondary', className: undefined },
} as const;

/** A state in the console's tables (key state, endpoint state, delivery status). */
export function ConsoleBadge({ tone, title, children }: { tone: keyof typeof TONES; title?: string; children: ReactNode }): ReactElement {
  return (
    <Badge variant={TONES[tone].variant} className={TONES[tone].className} title={title}>
      {children}
    </Badge>
  );
}
