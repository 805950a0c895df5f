import type { ReactElement, ReactNode } from 'react';

export function PageHeader({ title, description, eyebrow }: { title: string; description?: ReactNode; eyebrow?: string }): ReactElement {
  return (
    <div className="mb-8">
      {eyebrow !== undefined && <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {description !== undefined && <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{description}</p>}
    </div>
  );
}
