import type { AdminSessionResponse, BuyerSessionResponse, SignedInAdmin, SignedInBuyer } from '@paymarket/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '@/lib/queryClient';

export const SESSION_QUERY_KEY = ['/api/auth/me'] as const;
export const ADMIN_SESSION_QUERY_KEY = ['/api/admin/me'] as const;

/** The signed-in buyer (null when signed out; a 401 is an answer here, not an error). */
export function useSession(): { buyer: SignedInBuyer | null; isLoading: boolean } {
  const query = useQuery<BuyerSessionResponse | null>({
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

/** The signed-in administrator, or null. */
export function useAdminSession(): { admin: SignedInAdmin | null; isLoading: boolean } {
  const query = useQuery<AdminSessionResponse | null>({
    queryKey: ADMIN_SESSION_QUERY_KEY,
    queryFn: getQueryFn<AdminSessionResponse>({ on401: 'returnNull' }),
  });
  return { admin: query.data?.admin ?? null, isLoading: query.isPending };
}
