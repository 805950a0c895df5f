import type { PayeeSessionResponse, PayeeSessionState, SignedInPayee, SignInCodeRequested } from '@paymarket/contracts';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getQueryFn } from '@/lib/queryClient';

// Sellers' and print providers' dashboard session (ADR 0047), apart from the buyer's: its own httpOnly cookie
// (pm_payee_session). The session check answers 200 with payee null when signed out, never 401.
export const PAYEE_SESSION_QUERY_KEY = ['/api/payee-auth/session'] as const;

/** The signed-in seller or print provider (null when signed out). */
export function usePayeeSession(): { payee: SignedInPayee | null; isLoading: boolean } {
  const query = useQuery<PayeeSessionState | null>({
    queryKey: PAYEE_SESSION_QUERY_KEY,
    queryFn: getQueryFn<PayeeSessionState>({ on401: 'returnNull' }),
  });
  return { payee: query.data?.payee ?? null, isLoading: query.isPending };
}

export async function requestPayeeCode(email: string): Promise<SignInCodeRequested> {
  return (await (await apiRequest('POST', '/api/payee-auth/sign-in/code', { email })).json()) as SignInCodeRequested;
}

export async function verifyPayeeCode(input: { email: string; code: string }): Promise<PayeeSessionResponse> {
  return (await (await apiRequest('POST', '/api/payee-auth/sign-in/verify', input)).json()) as PayeeSessionResponse;
}

/**
 * Ends the dashboard session (the server clears the cookie) and forgets it and the statements read with it. A
 * dashboard then redirects to its sign-in by itself, so there is nowhere to navigate.
 */
export function usePayeeSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/payee-auth/sign-out');
    },
    onSuccess: () => {
      // Said here, not in mutate's callbacks: forgetting the session unmounts the sign-out button.
      toast({ title: 'Signed out', description: 'You are signed out of your dashboard.' });
      client.setQueryData<PayeeSessionState>(PAYEE_SESSION_QUERY_KEY, { payee: null });
      client.removeQueries({ queryKey: ['statement'] });
    },
  });
}
