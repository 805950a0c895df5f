import { Construction } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** A route whose feature is not built yet: its real title and what it will hold, with no stand-in data. */
export function PlannedPage({ title, summary }: { title: string; summary: string }): ReactElement {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{summary}</p>
      <Card className="mt-8 flex items-start gap-4 p-6">
        <Construction className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <p className="font-medium">This page is being built.</p>
          <p className="mt-1 text-sm text-muted-foreground">It is not available yet. You can already join PayMarket as a buyer.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button asChild size="sm">
              <Link to="/join">Join as Buyer</Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to="/">Back to Home</Link>
            </Button>
          </div>
        </div>
      </Card>
    </section>
  );
}
