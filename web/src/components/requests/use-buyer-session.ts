import type { BuyerSessionResponse, SignInCodeRequested } from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY, useSignOut } from '@/hooks/use-session';
import { apiRequest } from '@/lib/queryClient';
import { BUYER_REQUESTS_PATH } from '@/pages/requests/board-filters';

/**
 * The emailed-code buyer sign-in of the identity issue, started from the board: ask for a code, then verify it (the
 * session is an httpOnly cookie). Either way the board is fetched again so the buyer's own cards are marked.
 */
export function useBuyerSignIn() {
  const queryClient = useQueryClient();
  const refreshBoard = () => queryClient.invalidateQueries({ queryKey: [BUYER_REQUESTS_PATH] });
  const requestCode = useMutation({
    mutationFn: async (email: string): Promise<SignInCodeRequested> =>
      (await (await apiRequest('POST', '/api/auth/sign-in/code', { email })).json()) as SignInCodeRequested,
  });
  const verifyCode = useMutation({
    mutationFn: async (input: { email: string; code: string }): Promise<BuyerSessionResponse> =>
      (await (await apiRequest('POST', '/api/auth/sign-in/verify', input)).json()) as BuyerSessionResponse,
    onSuccess: async (session) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      await refreshBoard();
    },
  });
  const signOutMutation = useSignOut();
  const signOut = {
    isPending: signOutMutation.isPending,
    mutate: () => signOutMutation.mutate(undefined, { onSuccess: () => void refreshBoard() }),
  };
  return { requestCode, verifyCode, signOut };
}
