import { Archive, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';

const DELETED = [
  'Your name and email address',
  'Your profile details: company, business type, expected volume and requirements',
  'Your sign-in codes; every signed-in session is ended on all devices',
  'Other personal data our services hold about you, within 90 days',
] as const;

const KEPT = [
  'Orders, payments, refunds and ledger entries: financial records the law requires us to keep',
  'A record that the deletion was requested and carried out, without your email address',
] as const;

/** What deleting a buyer account erases and what it keeps (ADR 0029); shown before and after confirming. */
export function WhatIsDeleted(): ReactElement {
  return (
    <div className="grid gap-4 text-left sm:grid-cols-2">
      <section aria-labelledby="deletion-removed" className="rounded-xl border border-border bg-card p-4">
        <h2 id="deletion-removed" className="flex items-center gap-2 font-semibold">
          <Trash2 className="size-4 text-destructive" aria-hidden="true" />
          What we delete
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-muted-foreground">
          {DELETED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="deletion-kept" className="rounded-xl border border-border bg-card p-4">
        <h2 id="deletion-kept" className="flex items-center gap-2 font-semibold">
          <Archive className="size-4 text-muted-foreground" aria-hidden="true" />
          What we keep
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-muted-foreground">
          {KEPT.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
