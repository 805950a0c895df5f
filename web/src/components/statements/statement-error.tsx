import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { PAYEE_AUTH_MESSAGES } from '@/lib/contracts-light';
import { apiErrorMessage, errorStatus } from '@/lib/queryClient';

/** Why a statement did not load: another's (403), signed out meanwhile (401), or the server's message. */
export function StatementError({ error, signInPath }: { error: unknown; signInPath: string }): ReactElement {
  const status = errorStatus(error);
  if (status === 403) {
    return (
      <p role="alert">
        {PAYEE_AUTH_MESSAGES.NOT_YOURS}{' '}
        <Link to="/dashboard" className="text-primary underline">
          Your dashboards
        </Link>
      </p>
    );
  }
  if (status === 401) {
    return (
      <p role="alert">
        {PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED}{' '}
        <Link to={signInPath} className="text-primary underline">
          Sign in
        </Link>
      </p>
    );
  }
  return <p role="alert">{apiErrorMessage(error, 'Could not load your statement.')}</p>;
}
