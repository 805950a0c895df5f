import type { BuyerSessionResponse, SignInCodeRequested } from '@paymarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmailCodeSignIn } from '@/components/auth/email-code-sign-in';
import { SESSION_QUERY_KEY, useSession } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { apiRequest } from '@/lib/queryClient';

/** Buyer sign-in: email → emailed 6-digit code → session cookie (set by the server, never readable here). */
export function SignInPage(): ReactElement {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { buyer } = useSession();

  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <EmailCodeSignIn<BuyerSessionResponse>
        title="Sign in to PayMarket"
        emailDescription="Enter the email you registered with. We will email you a 6-digit code. No password needed."
        requestCode={async (email) => (await (await apiRequest('POST', '/api/auth/sign-in/code', { email })).json()) as SignInCodeRequested}
        verifyCode={async (input) => (await (await apiRequest('POST', '/api/auth/sign-in/verify', input)).json()) as BuyerSessionResponse}
        onSignedIn={(result) => {
          client.setQueryData(SESSION_QUERY_KEY, result);
          toast({ title: 'Signed in', description: `Welcome back, ${result.buyer.name}!` });
          void navigate('/');
        }}
        status={
          buyer && (
            <p className="mb-4 rounded-lg bg-secondary p-3 text-sm" role="status">
              You are signed in as {buyer.name} ({buyer.email}).
            </p>
          )
        }
        emailFooter={
          <p className="text-center text-sm text-muted-foreground">
            No account yet?{' '}
            <Link to="/join" className="font-medium text-primary underline-offset-4 hover:underline">
              Join as a buyer
            </Link>
          </p>
        }
      />
    </section>
  );
}
