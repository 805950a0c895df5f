import type { QueryClient } from '@tanstack/react-query';
import { PAYEE_SESSION_QUERY_KEY } from '@/hooks/use-payee-session';
import { ADMIN_SESSION_QUERY_KEY, SESSION_QUERY_KEY } from '@/hooks/use-session';
import { CONSOLE_ME_KEY } from '@/hooks/use-viewer';

/**
 * The answers of the four session checks (buyer, administrator, seller or provider, developer console) for a visitor
 * whose request carried none of their cookies (ADR 0062): signed out, known before any request. The prerender renders
 * the visitor's view with them, and main.tsx seeds the browser's query cache with the same before it hydrates that view.
 */
export function seedSignedOut(client: QueryClient): void {
  for (const key of [SESSION_QUERY_KEY, ADMIN_SESSION_QUERY_KEY, PAYEE_SESSION_QUERY_KEY]) client.setQueryData(key, null);
  client.setQueryData(CONSOLE_ME_KEY, { company: null });
}
