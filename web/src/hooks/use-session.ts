import type {
  AdminSessionResponse,
  AdminSessionState,
  BuyerSessionResponse,
  BuyerSessionState,
  PendingSecondFactor,
  SignedInAdmin,
  SignedInBuyer,
} from '@paymarket/contracts';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '@/lib/queryClient';

// The session checks answer 200 with null when nobody is signed in, so a signed-out visit logs no error.
export const SESSION_QUERY_KEY = ['/api/auth/session'] as const;
export const ADMIN_SESSION_QUERY_KEY = ['/api/admin/session'] as const;

/** The signed-in buyer (null when signed out). */
export function useSession(): { buyer: SignedInBuyer | null; isLoading: boolean } {
  const query = useQuery<BuyerSessionResponse | BuyerSessionState | null>({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getQueryFn<BuyerSessionResponse>({ on401: 'returnNull' }),
  });
  return { buyer: query.data?.buyer ?? null, isLoading: query.isPending };
}

/** Ends the buyer session on the server (the cookie is cleared there) and forgets it here. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/auth/sign-out');
    },
    onSuccess: () => client.setQueryData(SESSION_QUERY_KEY, null),
  });
}

/**
 * The signed-in administrator, or null; `secondFactor` when the password was right and the second factor is still to
 * come (ADR 0072): that administrator is not signed in yet.
 */
export function useAdminSession(): { admin: SignedInAdmin | null; secondFactor: PendingSecondFactor | null; isLoading: boolean } {
  const query = useQuery<AdminSessionResponse | AdminSessionState | null>({
    queryKey: ADMIN_SESSION_QUERY_KEY,
    queryFn: getQueryFn<AdminSessionResponse>({ on401: 'returnNull' }),
  });
  const secondFactor = query.data && 'secondFactor' in query.data ? (query.data.secondFactor ?? null) : null;
  return { admin: query.data?.admin ?? null, secondFactor, isLoading: query.isPending };
}

/** Ends the administrator session (the `pm_admin` cookie is cleared by the server) and forgets it here. */
export function useAdminSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/admin/logout');
    },
    onSuccess: () => client.setQueryData(ADMIN_SESSION_QUERY_KEY, null),
  });
}
