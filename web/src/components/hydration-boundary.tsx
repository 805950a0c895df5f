import { Suspense, type ReactElement, type ReactNode } from 'react';

/**
 * A part of a prerendered page that React hydrates in a pass of its own (ADR 0058, "Hydration in parts").
 *
 * On first hydration React leaves each Suspense boundary of the server markup dehydrated and hydrates it afterwards at
 * a lower priority, in a separate render and commit with its own effects. Hydrating a page as a few boundaries turns
 * one long commit and one long batch of effects into several short ones. Nothing here suspends; the fallback is never shown.
 */
export function HydrationBoundary({ children }: { children: ReactNode }): ReactElement {
  return <Suspense fallback={null}>{children}</Suspense>;
}
